// The agent's release build: apps/agent/src/main.ts and its dependencies (zod) in one ESM file,
// apps/agent/dist/linedesk-agent.mjs, that runs on a card server with Node.js 20 and nothing else
// (no repository checkout, no node_modules, no tsx). Beside it: linedesk-agent.mjs.sha256 (the
// `sha256sum` format) and manifest.json (version, sha256, size), which the panel serves under
// /agent/ for install.sh to check the download against.
// Skips the build when no source is newer than the bundle; `--force` builds anyway.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const agentDir = path.join(root, 'apps/agent');
const distDir = path.join(agentDir, 'dist');
const name = 'linedesk-agent.mjs';
const outfile = path.join(distDir, name);
const manifestFile = path.join(distDir, 'manifest.json');
const sources = [
  'apps/agent/src',
  'packages/shared/src/line-config-files.ts',
  'apps/agent/package.json',
  'scripts/build-agent.mjs',
  'package-lock.json',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(p).map((entry) => newest(path.join(p, entry))));
}

/** Written to a temporary name and renamed: a panel serving the folder never sends half a file. */
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

// The manifest is written last, so its time says the whole set is complete.
const builtAt = existsSync(manifestFile) ? statSync(manifestFile).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (builtAt > changedAt && process.argv[2] !== '--force') {
  console.log('Agent is up to date.');
} else {
  const started = Date.now();
  const { version } = JSON.parse(readFileSync(path.join(agentDir, 'package.json'), 'utf8'));
  const result = await build({
    entryPoints: [path.join(agentDir, 'src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Whitespace and comments left out (half the size of the download), names kept as written, so
    // a stack trace in the agent's log still names the functions.
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'inline',
    define: { LINEDESK_AGENT_VERSION: JSON.stringify(version) },
    banner: {
      js: `#!/usr/bin/env node\n// Linedesk line agent ${version}, built from apps/agent (see its README).`,
    },
    write: false,
    logLevel: 'warning',
  });
  const bundle = result.outputFiles.find((file) => file.path === outfile);
  if (!bundle) throw new Error(`esbuild wrote no ${name}`);
  const sha256 = createHash('sha256').update(bundle.contents).digest('hex');
  mkdirSync(distDir, { recursive: true });
  writeAtomically(outfile, bundle.contents);
  writeAtomically(`${outfile}.sha256`, `${sha256}  ${name}\n`);
  writeAtomically(
    manifestFile,
    `${JSON.stringify({ name, version, sha256, size: bundle.contents.length }, null, 2)}\n`,
  );
  console.log(
    `Agent built in ${Date.now() - started} ms: ${path.relative(root, outfile)} (${bundle.contents.length} bytes, sha256 ${sha256})`,
  );
}
