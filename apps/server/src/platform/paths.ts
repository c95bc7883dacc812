import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server), found by walking up from this module. The same code
 * runs from source (src/platform/paths.ts, under tsx) and from the compiled bundle (dist/main.js),
 * which sit at different depths, so no fixed relative path fits both.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the server folder (apps/server) with its migrations');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
/** Committed Drizzle migrations, applied at start. */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** The built web app that the server serves. */
export const webDist = path.resolve(serverRoot, '../web/dist');
