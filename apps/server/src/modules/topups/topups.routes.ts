import { Readable } from 'node:stream';
import { IDEMPOTENT_REPLAYED_HEADER, topUpContracts } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { App } from '../../platform/fastify.js';
import { route } from '../../platform/route.js';
import { idempotencyRequest } from '../credits/idempotency.js';
import { readTextAndFile, registerUploadRoutes, sendStoredFile } from '../tickets/attachment-http.js';
import { approveTopUp } from './topup-approve.service.js';
import { toLanguage } from '../../i18n/server-texts.js';
import { cancelTopUp } from './topup-cancel.service.js';
import { getTopUpProof, submitTopUpPayment } from './topup-payment.service.js';
import { receiptPdf } from './topup-receipt-pdf.js';
import { revokeTopUp } from './topup-revoke.service.js';
import { getTopUpSettings, updateTopUpSettings } from './topup-settings.service.js';
import {
  countPendingTopUps,
  createTopUp,
  exportTopUpsCsv,
  getTopUp,
  getTopUpReceipt,
  listTopUps,
  rejectTopUp,
} from './topups.service.js';

export function registerTopUpRoutes(app: App, ctx: AppContext): void {
  route(app, ctx, topUpContracts.create, ({ actor, body }) => createTopUp(ctx, actor, body));
  route(app, ctx, topUpContracts.list, ({ actor, query }) => listTopUps(ctx, actor, query));
  route(app, ctx, topUpContracts.exportCsv, async ({ actor, query, reply }) => {
    const rows = await exportTopUpsCsv(ctx, actor, query);
    const name = `topups-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(rows));
  });
  route(app, ctx, topUpContracts.getSettings, ({ actor }) => getTopUpSettings(ctx, actor));
  route(app, ctx, topUpContracts.setSettings, ({ actor, body }) => updateTopUpSettings(ctx, actor, body));
  route(app, ctx, topUpContracts.get, ({ actor, params }) => getTopUp(ctx, actor, params.id));
  route(app, ctx, topUpContracts.receipt, ({ actor, params }) => getTopUpReceipt(ctx, actor, params.id));
  route(app, ctx, topUpContracts.receiptPdf, async ({ actor, params, query, reply }) => {
    const receipt = await getTopUpReceipt(ctx, actor, params.id);
    // The language asked for, else the reader's own: a receipt is filed in the language it is read in.
    const pdf = await receiptPdf(receipt, query.lang ?? toLanguage(actor.account?.language));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${receipt.receipt_number}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
  route(app, ctx, topUpContracts.revoke, ({ actor, params, body }) =>
    revokeTopUp(ctx, actor, params.id, body),
  );
  route(app, ctx, topUpContracts.cancel, ({ actor, params }) => cancelTopUp(ctx, actor, params.id));
  route(app, ctx, topUpContracts.pendingCount, async () => ({ count: await countPendingTopUps(ctx) }));
  route(app, ctx, topUpContracts.approve, async ({ actor, params, request, reply }) => {
    const { key, scope } = idempotencyRequest(request);
    const outcome = await approveTopUp(ctx, actor, params.id, { idempotencyKey: key, scope });
    if (outcome.replayed) void reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    // A replay answers the status first stored with the key, not necessarily the contract's.
    return reply.status(outcome.status).send(outcome.body);
  });
  route(app, ctx, topUpContracts.reject, ({ actor, params, body }) =>
    rejectTopUp(ctx, actor, params.id, body),
  );
  route(app, ctx, topUpContracts.proof, async ({ actor, params, reply }) =>
    sendStoredFile(reply, await getTopUpProof(ctx, actor, params.id)),
  );
  // Multipart is parsed only for the proof upload, with the ticket attachments' limits.
  registerUploadRoutes(app, (uploads) =>
    route(uploads, ctx, topUpContracts.submit, ({ actor, params, request }) =>
      submitTopUpPayment(ctx, actor, params.id, async () => {
        const { text, file } = await readTextAndFile(request, 'payment_reference');
        return { paymentReference: text, file };
      }),
    ),
  );
}
