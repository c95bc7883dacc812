import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessages, type AgentRelease } from '@linedesk/shared';
import type { FastifyInstance } from 'fastify';
import { serverRoot } from '../../platform/paths.js';

/** The agent's release build (`npm run build:agent`, scripts/build-agent.mjs). */
const agentDist = path.resolve(serverRoot, '../agent/dist');
const installScript = path.resolve(serverRoot, '../agent/install/install.sh');

/** The single executable's name for this machine, as scripts/build-agent.mjs names it. */
const executableName = `linedesk-agent-${process.platform}-${process.arch}`;

/** What the panel hands to card servers under /agent/, by name. */
const files: Record<string, { file: string; type: string }> = {
  'linedesk-agent.mjs': { file: path.join(agentDist, 'linedesk-agent.mjs'), type: 'text/javascript' },
  'linedesk-agent.mjs.sha256': {
    file: path.join(agentDist, 'linedesk-agent.mjs.sha256'),
    type: 'text/plain; charset=utf-8',
  },
  [executableName]: { file: path.join(agentDist, executableName), type: 'application/octet-stream' },
  [`${executableName}.sha256`]: {
    file: path.join(agentDist, `${executableName}.sha256`),
    type: 'text/plain; charset=utf-8',
  },
  'manifest.json': { file: path.join(agentDist, 'manifest.json'), type: 'application/json' },
  'install.sh': { file: installScript, type: 'text/x-shellscript; charset=utf-8' },
};

/**
 * The current agent and its installer, for `curl` on a card server: public (the agent holds no
 * secret; its login comes from the install command's token), no cookies, no cache (a rebuilt agent
 * is served at once, without a restart). Outside /api: these are files, not API operations.
 */
export function registerAgentFiles(app: FastifyInstance): void {
  for (const [name, { file, type }] of Object.entries(files)) {
    // Sent as they are, uncompressed: the executable (over 100 MB; install.sh fetches it with curl
    // or wget, which ask for no compression, and compressing it on the fly for a client that does
    // would hold a core for the whole download), and the checksums (a line of text, nothing to
    // gain). That a checksum looking like zlib data is never mislabelled is the compressor's guard's
    // business (platform/compression-guard.ts), for every answer.
    const raw = name === executableName || name.endsWith('.sha256');
    const compress = raw ? { compress: false as const } : {};
    app.get(`/agent/${name}`, { schema: { hide: true }, ...compress }, (_request, reply) => {
      if (!existsSync(file)) {
        // The panel was started without `npm start` (which builds the agent) or the build failed.
        return reply.status(404).send({
          error: {
            code: 'NOT_FOUND',
            message: `${errorMessages.NOT_FOUND}: the panel has no agent build (run \`npm run build:agent\` on the panel)`,
          },
        });
      }
      return reply.header('cache-control', 'no-cache').type(type).send(createReadStream(file));
    });
  }
}

/** The version and sha256 of the agent the panel serves, from the build's manifest; nulls before a build. */
export async function readAgentRelease(): Promise<AgentRelease> {
  try {
    const manifest = JSON.parse(await readFile(files['manifest.json']!.file, 'utf8')) as Record<
      string,
      unknown
    >;
    return {
      version: typeof manifest.version === 'string' ? manifest.version : null,
      sha256: typeof manifest.sha256 === 'string' ? manifest.sha256 : null,
    };
  } catch {
    return { version: null, sha256: null };
  }
}
