import { afterAll } from 'vitest';

// node-postgres warns when a connection is handed a statement while others wait on it, which a
// transaction's reads sent side by side do (pg@9 drops the queue that accepts them): a transaction
// runs its statements one after another, and `inOneSnapshot` takes its reads as a list for that. The
// warning comes once per process, so the file whose code first does it fails, naming the warning.
const OVERLAP = 'Calling client.query() when the client is already executing a query';
const seen = Symbol.for('linedesk.statementOverlapSeen');
const state = globalThis as { [seen]?: { warned: string | null } };
// Set up once per worker process: the files a worker runs share it, each with this file run again.
if (!state[seen]) {
  const first = { warned: null as string | null };
  state[seen] = first;
  process.on('warning', (warning) => {
    if (warning.message.includes(OVERLAP)) first.warned = warning.stack ?? warning.message;
  });
}
const overlap = state[seen];

afterAll(() => {
  const warned = overlap.warned;
  overlap.warned = null;
  if (warned) throw new Error(`a connection was handed statements side by side in this file:\n${warned}`);
});
