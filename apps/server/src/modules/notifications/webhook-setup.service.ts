import { randomBytes } from 'node:crypto';
import type { WebhookSetup, WebhookTestResult, WebhookUrlBody } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { webhookBody } from './channels/webhook-channel.js';
import { notificationsRepository } from './notifications.repository.js';
import { checkWebhookUrl, postWebhook, resolveWebhookHost } from './webhook-request.js';

const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

function targetRules(ctx: AppContext) {
  return {
    allowPrivate: ctx.config.notifications.allowPrivateWebhookTargets,
    timeoutMs: ctx.config.notifications.webhookTimeoutMs,
  };
}

/**
 * Saves the account's webhook address after checking where it leads (the check runs again at every
 * delivery, against DNS answers that change). The first setup makes the signing secret and answers it
 * once; a changed address keeps the secret.
 */
export async function setWebhook(ctx: AppContext, me: Actor, body: WebhookUrlBody): Promise<WebhookSetup> {
  const url = checkWebhookUrl(body.url, targetRules(ctx));
  await resolveWebhookHost(url, targetRules(ctx));
  const existing = await notificationsRepository.settingsOf(ctx.db, me.id);
  const secret = existing?.webhookSecretSealed ? null : newSecret();
  await notificationsRepository.upsertSettings(ctx.db, me.id, {
    webhookUrl: url.href,
    ...(secret ? { webhookSecretSealed: ctx.webhookSecrets.encrypt(secret) } : {}),
  });
  return { url: url.href, secret };
}

export async function removeWebhook(ctx: AppContext, me: Actor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await notificationsRepository.upsertSettings(tx, me.id, { webhookUrl: null, webhookSecretSealed: null });
    await notificationsRepository.dropPendingWebhook(tx, me.id);
  });
}

/** A new secret, answered once; deliveries from now on (queued ones included) are signed with it. */
export async function rotateWebhookSecret(ctx: AppContext, me: Actor): Promise<{ secret: string }> {
  const existing = await notificationsRepository.settingsOf(ctx.db, me.id);
  if (!existing?.webhookUrl) throw new AppError('WEBHOOK_NOT_CONFIGURED');
  const secret = newSecret();
  await notificationsRepository.upsertSettings(ctx.db, me.id, {
    webhookSecretSealed: ctx.webhookSecrets.encrypt(secret),
  });
  return { secret };
}

/**
 * Sends one signed test delivery now and answers the receiver's status, or why it failed. It is not
 * queued: the answer is the test. Its id is 0, which no queued notice has.
 */
export async function testWebhook(ctx: AppContext, me: Actor): Promise<WebhookTestResult> {
  const existing = await notificationsRepository.settingsOf(ctx.db, me.id);
  if (!existing?.webhookUrl || !existing.webhookSecretSealed) throw new AppError('WEBHOOK_NOT_CONFIGURED');
  const body = webhookBody({
    id: 0,
    kind: 'test',
    createdAt: new Date(),
    payload: {
      title: 'Linedesk webhook test',
      content: 'A test delivery.',
      link: ctx.config.publicUrl,
      data: {},
    },
  });
  const status = await postWebhook(
    existing.webhookUrl,
    { id: 0, body, secret: ctx.webhookSecrets.decrypt(existing.webhookSecretSealed) },
    targetRules(ctx),
  );
  return { status };
}
