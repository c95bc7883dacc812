// The agent's release build: apps/agent/src/main.ts and its dependencies (zod) in one ESM file,
// apps/agent/dist/linedesk-agent.mjs, that runs on a card server with Node.js 20 and nothing else
// (no repository checkout, no node_modules, no tsx). Beside it: linedesk-agent.mjs.sha256 (the
// `sha256sum` format) and manifest.json (version, sha256, size), which the panel serves under
// /agent/ for install.sh to check the download against.
// Where it works, also a single executable that needs no Node.js at all (Node's single executable
// applications: a Node.js 22 binary with the agent injected by postject — this machine's node when it
// is 22 or newer, else the npm registry's node@22, scripts/node22.mjs — so card servers without Node.js
// get a supported runtime, not Node.js 20 at its end of life), named after its platform
// (linedesk-agent-linux-x64), with its .sha256 and an `executable` entry in the manifest.
// Where it cannot be made (not Linux, no Node.js 22 to be had, a node built without the SEA fuse, no
// postject, no space or no write access), the build says why and ends with the bundle alone.
// Skips the build when no source is newer than the bundle; `--force` builds anyway;
// `--no-executable` makes the bundle only (what `npm start` does, see scripts/build-server.mjs).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { findNode22 } from './node22.mjs';

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
  'scripts/node22.mjs',
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

/** Node's marker in its binary that postject flips to say "a program is injected". */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const executableName = `linedesk-agent-${process.platform}-${process.arch}`;
const executableFile = path.join(distDir, executableName);

const sha256Of = (contents) => createHash('sha256').update(contents).digest('hex');

function readManifest() {
  try {
    return JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    return null;
  }
}

/** The agent as one ES module (what install.sh installs where Node.js 20 is). */
async function buildBundle(version) {
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
  const sha256 = sha256Of(bundle.contents);
  mkdirSync(distDir, { recursive: true });
  writeAtomically(outfile, bundle.contents);
  writeAtomically(`${outfile}.sha256`, `${sha256}  ${name}\n`);
  return { sha256, size: bundle.contents.length };
}

/**
 * The single executable, or the reason there is none. Node 22 runs a single executable's program as
 * CommonJS, so the agent is bundled a second time in that format; the blob that Node 22 makes from it
 * is injected into a copy of that same node binary (the code cache in the blob is valid for it alone).
 */
async function buildExecutable(version) {
  if (process.platform !== 'linux') {
    return {
      reason: `single executables are built on Linux only (install.sh runs there), not on ${process.platform}`,
    };
  }
  let postject;
  try {
    postject = await import(
      pathToFileURL(createRequire(path.join(root, 'apps/server/package.json')).resolve('postject')).href
    );
  } catch {
    return { reason: 'postject is not installed (npm install, with the development dependencies)' };
  }
  const node = findNode22();
  if (!node.path) return { reason: node.reason };
  if (!readFileSync(node.path).includes(SEA_FUSE)) {
    return { reason: `${node.path} was built without single executable support` };
  }
  let work = null;
  try {
    work = mkdtempSync(path.join(distDir, '.executable-'));
    const main = path.join(work, 'agent.cjs');
    await build({
      entryPoints: [path.join(agentDir, 'src/main.ts')],
      outfile: main,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node22',
      minifyWhitespace: true,
      minifySyntax: true,
      legalComments: 'inline',
      // version.ts reads package.json through import.meta.url only when the version is not set
      // here, which it always is: the placeholder keeps esbuild from warning about CommonJS.
      define: { LINEDESK_AGENT_VERSION: JSON.stringify(version), 'import.meta.url': '""' },
      logLevel: 'warning',
    });
    const blob = path.join(work, 'agent.blob');
    const config = path.join(work, 'sea-config.json');
    // The code cache (V8's compiled agent, valid for this very node, which the executable is) saves
    // compiling at each start: 788 → 497 ms to /health here, median of 7 on a busy machine.
    writeFileSync(
      config,
      JSON.stringify({ main, output: blob, disableExperimentalSEAWarning: true, useCodeCache: true }),
    );
    const prepared = spawnSync(node.path, ['--experimental-sea-config', config], { encoding: 'utf8' });
    if (prepared.status !== 0) {
      return {
        reason: `node --experimental-sea-config failed: ${(prepared.stderr || prepared.stdout).trim()}`,
      };
    }
    const executable = path.join(work, executableName);
    copyFileSync(node.path, executable);
    chmodSync(executable, 0o755);
    await postject.inject(executable, 'NODE_SEA_BLOB', readFileSync(blob), { sentinelFuse: SEA_FUSE });
    const contents = readFileSync(executable);
    const sha256 = sha256Of(contents);
    renameSync(executable, executableFile);
    writeAtomically(`${executableFile}.sha256`, `${sha256}  ${executableName}\n`);
    return {
      entry: {
        name: executableName,
        platform: process.platform,
        arch: process.arch,
        sha256,
        size: contents.length,
        node: node.version,
      },
    };
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  } finally {
    if (work) rmSync(work, { recursive: true, force: true });
  }
}

/** Builds what is missing or out of date; the manifest lists only files built from the current sources. */
export async function buildAgent({ force = false, executable: wantExecutable = true } = {}) {
  const started = Date.now();
  const { version } = JSON.parse(readFileSync(path.join(agentDir, 'package.json'), 'utf8'));
  // The manifest is written last, so its time says the whole set is complete.
  const manifest = readManifest();
  const builtAt = manifest && existsSync(outfile) ? statSync(manifestFile).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
  const current = !force && builtAt > changedAt && manifest.version === version;
  const haveExecutable = current && manifest.executable && existsSync(executableFile);
  if (current && (haveExecutable || (!wantExecutable && !manifest.executable))) {
    console.log('Agent is up to date.');
    return;
  }

  const bundle = current ? { sha256: manifest.sha256, size: manifest.size } : await buildBundle(version);
  let executable = haveExecutable ? manifest.executable : null;
  if (!current) {
    // An executable of older sources must not be served beside the new bundle.
    rmSync(executableFile, { force: true });
    rmSync(`${executableFile}.sha256`, { force: true });
  }
  if (wantExecutable && !executable) {
    const made = await buildExecutable(version);
    if (made.entry) executable = made.entry;
    else console.log(`No single executable agent (the bundle alone is served): ${made.reason}`);
  }
  writeAtomically(
    manifestFile,
    `${JSON.stringify({ name, version, sha256: bundle.sha256, size: bundle.size, executable }, null, 2)}\n`,
  );
  console.log(
    `Agent built in ${Date.now() - started} ms: ${path.relative(root, outfile)} (${bundle.size} bytes, sha256 ${bundle.sha256})` +
      (executable
        ? `, ${path.relative(root, executableFile)} (${executable.size} bytes, sha256 ${executable.sha256})`
        : ''),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildAgent({
    force: process.argv.includes('--force'),
    executable: !process.argv.includes('--no-executable'),
  });
}
