// Compiles the server into one JavaScript file (apps/server/dist/main.js) so that `npm start` runs
// plain `node` instead of transpiling TypeScript at every start. The workspace's own packages
// (@linedesk/shared, TypeScript source) are bundled in; everything from node_modules stays external,
// loaded by node as usual (native addons and PGlite's WebAssembly files need their own folders).
// Skips the build when no source is newer than the bundle; `--force` builds anyway.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const outfile = path.join(serverDir, 'dist/main.js');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'scripts/build-server.mjs',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

const builtAt = existsSync(outfile) ? statSync(outfile).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt > changedAt && process.argv[2] !== '--force') {
  console.log('Server is up to date.');
} else {
  const started = Date.now();
  const result = await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-node-modules',
        setup(b) {
          // Bare imports are external, except our own workspace packages, which are TypeScript source.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@linedesk/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // Written to a temporary name and renamed, so a process starting the server meanwhile (test runs
  // build side by side) sees the old bundle or the new one, never half of one.
  mkdirSync(path.dirname(outfile), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  console.log(`Server built in ${Date.now() - started} ms: ${path.relative(root, outfile)}`);
}
