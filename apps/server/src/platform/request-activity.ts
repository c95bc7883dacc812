import type { Server } from 'node:http';

export type RequestActivity = {
  /** When the server was last asked anything (ms since the epoch; 0 before the first request). */
  lastRequestAt: () => number;
};

const activities = new WeakMap<Server, RequestActivity>();

/**
 * When requests last came, for work that waits for a quiet moment (the embedded database's upkeep,
 * the memory trim after a burst). One listener per server, however many ask.
 */
export function requestActivity(server: Server): RequestActivity {
  let activity = activities.get(server);
  if (!activity) {
    let last = 0;
    server.on('request', () => {
      last = Date.now();
    });
    activity = { lastRequestAt: () => last };
    activities.set(server, activity);
  }
  return activity;
}
