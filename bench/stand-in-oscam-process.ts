// The stand-in of OSCam's web interface (apps/agent/test/stand-in-servers.ts) in a process of its
// own, so a bench can tell its CPU time from the panel's: answering 50,000 clients and accounts
// costs the stand-in as much as the panel's share, and in the bench's process it would count as
// the panel's. Driven over IPC by bench/stats-poll-bench.ts:
//   argv[2]: the oscam.user it re-reads on reinit; it answers { op: 'ready', url } once listening;
//   { op: 'connect', prefix, count, twoIpEvery }: one connection per account `prefix0…`, a second
//     from another address for every `twoIpEvery`-th;
//   { op: 'counters', prefix, count, round }: every account's counters as after `round` polls;
//   each answered { op: 'done' }; { op: 'close' } stops it.
import {
  startStandInOscam,
  watchingClient,
  type StandInClient,
} from '../apps/agent/test/stand-in-servers.js';

type Message =
  | { op: 'connect'; prefix: string; count: number; twoIpEvery: number }
  | { op: 'counters'; prefix: string; count: number; round: number }
  | { op: 'close' };

const ip = (n: number, net: number) => `${net}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

const oscam = await startStandInOscam(process.argv[2]!);
process.on('message', (message: Message) => {
  if (message.op === 'close') {
    void oscam.close().then(() => process.exit(0));
    return;
  }
  if (message.op === 'connect') {
    const clients: StandInClient[] = [];
    for (let i = 0; i < message.count; i += 1) {
      const username = `${message.prefix}${i}`;
      clients.push(watchingClient(username, ip(i, 10), `id_0x${i.toString(16)}`));
      if (message.twoIpEvery > 0 && i % message.twoIpEvery === 0) {
        clients.push(watchingClient(username, ip(i, 81), `id_0x${(i + 0x10000000).toString(16)}`));
      }
    }
    oscam.setClients(clients);
  } else {
    for (let i = 0; i < message.count; i += 1) {
      // Every account asked since the last poll; a tenth of them also missed some.
      oscam.setCounters(
        `${message.prefix}${i}`,
        1000 + message.round * 60 + (i % 7),
        5 + message.round * (i % 10 === 0 ? 3 : 0),
        {
          lastMs: 120 + (i % 200),
        },
      );
    }
  }
  process.send!({ op: 'done' });
});
process.send!({ op: 'ready', url: oscam.url });
