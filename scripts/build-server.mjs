// Compiles the server into one JavaScript file (apps/server/dist/main.js) so that `npm start` runs
// plain `node` instead of transpiling TypeScript at every start. The workspace's own packages
// (@linedesk/shared, TypeScript source) and the dependencies are bundled in, except the few listed in
// `external` below, which node loads from node_modules as usual.
// Skips the build when no source is newer than the bundle; `--force` builds anyway.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps/server');
const outfile = path.join(serverDir, 'dist/main.js');
/** Packages kept out of the bundle (see the build options below). */
const external = [
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
  'pg-native',
  // Reads its font metrics and the Noto Sans files from node_modules at run time.
  'pdfkit',
];
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'scripts/build-server.mjs',
  'package-lock.json',
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
    // Whitespace, comments and redundant syntax left out, names kept as written (stack traces read
    // without the map too). V8 keeps the bundle's whole text in memory for as long as the server
    // runs: 8.6 MB of it, held as two bytes a character because a few comments were not ASCII,
    // were 17 MB of every instance's heap; now 6 MB. The map (read only when the server is
    // started with --enable-source-maps) names the sources without repeating them (16 MB -> 4.7 MB).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcesContent: false,
    // Licence comments go to main.js.LEGAL.txt beside the bundle.
    legalComments: 'external',
    write: false,
    logLevel: 'warning',
    // Dependencies are bundled too: resolving and reading some 1,500 files from node_modules at every
    // start took about a sixth of start-up. Left outside are the packages that load files next to
    // themselves at run time (PGlite's WebAssembly and data, Swagger UI's static files) or ship a
    // native binary (argon2); bundled CommonJS code gets `require` from the banner.
    external: external.flatMap((name) => [name, `${name}/*`]),
    banner: {
      js: "import { createRequire as __linedeskRequire } from 'node:module'; const require = __linedeskRequire(import.meta.url);",
    },
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

// The panel also serves the line agent's release build to card servers (/agent/, install.sh), so
// building the server builds that too (a no-op when it is current); every way of starting the
// panel (`npm start`, the systemd unit of docs/deploy.md after `npm run build:server`) then has it.
// The bundle only: the single executable took 15–19 s here (3 s of CPU, the rest copying its 95 MB on a
// busy machine), too long for every start after a change; `npm run build:agent` makes it.
const { buildAgent } = await import('./build-agent.mjs');
await buildAgent({ executable: false });
