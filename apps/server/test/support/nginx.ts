import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../agent/test/ports.js';
import { waitFor } from './wait-for.js';

const deployConfig = path.resolve(import.meta.dirname, '../../../../docs/deploy/nginx.conf');
const NGINX = '/usr/sbin/nginx';

export type Nginx = { url: string; port: number; errors: () => Promise<string>; stop: () => Promise<void> };

export function nginxInstalled(): boolean {
  return existsSync(NGINX) && spawnSync(NGINX, ['-v']).status === 0;
}

/** Debian's nginx in the foreground, running the documented config (docs/deploy/nginx.conf) in front of `upstreams`. */
export async function startNginx(upstreams: number[], listenPort?: number): Promise<Nginx> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ld-nginx-'));
  const port = listenPort ?? (await freePort());
  const site = (await readFile(deployConfig, 'utf8'))
    .replace('{{UPSTREAMS}}', upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n'))
    .replace('{{LISTEN}}', `127.0.0.1:${port}`)
    .replace('{{SERVER_NAME}}', 'localhost');
  // The same outer frame Debian's /etc/nginx/nginx.conf gives a site, with every path in `dir`.
  const conf = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
  const confFile = path.join(dir, 'nginx.conf');
  await writeFile(confFile, conf);
  // As root, nginx's workers would switch to nobody, who cannot write in the temp folder.
  const asRoot = process.getuid?.() === 0 ? ['-g', 'daemon off; user root;'] : ['-g', 'daemon off;'];
  const child = spawn(NGINX, ['-p', dir, '-c', confFile, '-e', path.join(dir, 'error.log'), ...asRoot], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const errors = async () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
  const accepting = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  try {
    await waitFor(accepting, (ok) => ok, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`nginx did not start: ${String(error)}\n${await errors()}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    errors,
    stop: async () => {
      child.kill('SIGQUIT');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
