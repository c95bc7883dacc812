// How long a notice takes from its cause to its channel, against the compiled server in its own
// process (as `npm start` runs it, with its default delivery poll): an admin approves a reseller's
// top-up in the panel, and the reseller's webhook receiver (a local HTTP server that checks the
// HMAC signature, as a shop would) and mailbox (a real local SMTP server, the `smtp-server` package)
// get the "top-up approved" notice. Each delay, from the approval's request to the arrival, is printed
// beside the 5 s target, with the approval's own answer time (the cause, same run) as the baseline.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { startSmtpServer } from '../apps/server/test/support/smtp-server.js';
import { signatureValid, startWebhookReceiver } from '../apps/server/test/support/webhook-receiver.js';
import { signIn as signInAs } from './bench-server.js';
import { signIn, startServer } from './scale-bench.js';

const ROUNDS = 10;
const TARGET_MS = 5000;
const root = path.resolve(import.meta.dirname, '..');
const RESELLER = { email: 'bench-notice@example.com', password: 'bench-password-2' };

async function call(url: string, cookie: string, method: string, pathname: string, body?: unknown) {
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Resolves with the time `found` first returns something (checked every 5 ms), or rejects after `ms`. */
async function arrival<T>(found: () => T | undefined, ms: number): Promise<{ at: number; value: T }> {
  const until = Date.now() + ms;
  for (;;) {
    const value = found();
    if (value !== undefined) return { at: Date.now(), value };
    if (Date.now() > until) throw new Error('the notice did not arrive');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
}

export async function runNoticeDelayBench() {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the server failed');
  const [smtp, receiver] = await Promise.all([startSmtpServer(), startWebhookReceiver()]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'linedesk-notice-'));
  const server = await startServer({
    LINEDESK_DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    // The receiver is on loopback, which production refuses (no server-side request forgery).
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    SERVER_CHECK_INTERVAL_SECONDS: '0',
  });
  try {
    const url = server.url;
    const admin = await signIn(url);
    const pack = (await call(url, admin, 'POST', '/api/credit-packages', {
      name: 'Bench',
      credits: 50,
      price_cents: 2500,
    })) as { id: number };
    await call(url, admin, 'POST', '/api/accounts', RESELLER);
    const reseller = (await signInAs(url, RESELLER)).cookie;
    const hook = (await call(url, reseller, 'PUT', '/api/notifications/webhook', { url: receiver.url })) as {
      secret: string;
    };

    const webhookMs: number[] = [];
    const mailMs: number[] = [];
    const causeMs: number[] = [];
    let badSignatures = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const reference = `BENCH-${round}-${randomBytes(3).toString('hex')}`;
      const request = (await call(url, reseller, 'POST', '/api/topups', {
        package_id: pack.id,
        payment_reference: reference,
      })) as { id: number };
      const caused = Date.now();
      const webhook = arrival(
        () =>
          receiver.received.find(
            (h) =>
              h.body.kind === 'topup_credited' &&
              (h.body.data as { request_id?: number }).request_id === request.id,
          ),
        30_000,
      );
      const mail = arrival(
        () => smtp.mails.find((m) => m.to.includes(RESELLER.email) && m.text.includes(reference)),
        30_000,
      );
      await call(url, admin, 'POST', `/api/topups/${request.id}/approve`);
      causeMs.push(Date.now() - caused);
      const [hooked, mailed] = await Promise.all([webhook, mail]);
      if (!signatureValid(hook.secret, hooked.value)) badSignatures += 1;
      webhookMs.push(hooked.at - caused);
      mailMs.push(mailed.at - caused);
    }

    console.log(
      `\nnotice delay (compiled server in its own process, default delivery poll; ${ROUNDS} top-ups approved one after another):`,
    );
    const cause = summary(causeMs);
    for (const [label, values] of [
      ['top-up approved → webhook (signed)', webhookMs],
      ['top-up approved → email (SMTP)', mailMs],
    ] as const) {
      const s = summary(values);
      console.log(
        `  ${label.padEnd(36)} p50 ${s.p50} ms   max ${s.max} ms   target <= ${TARGET_MS} ms: ${s.max <= TARGET_MS ? 'met' : 'MISSED'}` +
          `   (baseline, same run: the approval answered in p50 ${cause.p50} ms, max ${cause.max} ms)`,
      );
    }
    if (badSignatures) console.log(`  ${badSignatures} webhook deliveries had a wrong signature: MISSED`);
  } finally {
    await server.stop();
    await Promise.all([smtp.stop(), receiver.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Run on its own: `npx tsx bench/notice-delay-bench.ts`.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await runNoticeDelayBench();
}
