// A CPU profile of this process around one piece of work, when BENCH_PROFILE_DIR names a folder:
// the benches that run the panel in their own process use it to show where a figure's time goes
// without the seeding before it. Open the .cpuprofile in Chrome's DevTools or speedscope.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export async function profileWhile<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_PROFILE_DIR;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/[^\w-]+/g, '_')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`profile: ${file}`);
  }
}
