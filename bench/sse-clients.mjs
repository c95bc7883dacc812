// Many open event streams (GET /api/events), as that many browser tabs hold them, in a process of
// their own so that reading them takes no CPU from the server under test.
// argv[2]: JSON {"urls": [...], "cookie": "...", "count": N}; streams go round-robin over the urls.
// Prints "ready" once every stream is open. On stdin, "report ID" prints one JSON line with the arrival
// times (Date.now()) of the `users` event about line ID on each stream that has seen it.
import http from 'node:http';
import readline from 'node:readline';

const { urls, cookie, count } = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
/** line id → arrival times, one per stream */
const arrivals = new Map();
let open = 0;

function openStream(base) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/api/events`,
      { agent, headers: { cookie, accept: 'text/event-stream' } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`event stream answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk) => {
          const now = Date.now();
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!/^event: users$/m.test(block)) continue;
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (!data) continue;
            const id = String(JSON.parse(data).id);
            if (!arrivals.has(id)) arrivals.set(id, []);
            arrivals.get(id).push(now);
          }
        });
        open += 1;
        resolve();
      },
    );
    req.on('error', reject);
  });
}

// Opened in groups, as tabs would come and go, rather than 1,000 connects in one burst.
for (let i = 0; i < count; i += 50) {
  await Promise.all(
    Array.from({ length: Math.min(50, count - i) }, (_, k) => openStream(urls[(i + k) % urls.length])),
  );
}
console.log(`ready ${open}`);

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, id] = line.trim().split(' ');
  if (command === 'report') console.log(JSON.stringify({ id, times: arrivals.get(id) ?? [] }));
  if (command === 'exit') process.exit(0);
});
