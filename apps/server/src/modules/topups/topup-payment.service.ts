import { formatErrorMessage, submitTopUpBodySchema, type TopUpRequest } from '@linedesk/shared';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import type { Actor } from '../../platform/access.js';
import { AppError, isErrorCode } from '../../platform/errors.js';
import { attachmentStoresFor } from '../tickets/attachment-storage.js';
import { detectAttachmentType, safeFileName } from '../tickets/attachment-type.js';
import { topUpsRepository, type TopUpRow } from './topups.repository.js';
import { publishRequest, topUpById } from './topups.service.js';
import type { UploadedFile } from '../tickets/attachment-http.js';

export type PaymentInput = { paymentReference: unknown; file: UploadedFile | null };

/** The requester's own request; anyone else's answers as missing. */
async function ownRequest(ctx: AppContext, actor: Actor, id: number): Promise<TopUpRow> {
  const row = await topUpsRepository.findById(ctx.db, id);
  if (!row || row.accountId !== actor.id) throw new AppError('TOPUP_NOT_FOUND');
  return row;
}

function checkReference(value: unknown): string {
  const parsed = submitTopUpBodySchema.safeParse({ payment_reference: value });
  if (parsed.success) return parsed.data.payment_reference;
  const code = parsed.error.issues.map((issue) => issue.message).find(isErrorCode);
  if (code) throw new AppError(code);
  throw new AppError('VALIDATION', {
    message:
      `${formatErrorMessage('VALIDATION')}: payment_reference ${parsed.error.issues[0]?.message ?? ''}`.trim(),
  });
}

/**
 * The requester says they paid: their payment's reference and, where the method asks for it, a
 * proof (an image or a PDF, checked by its bytes and stored like a ticket attachment). The request
 * becomes pending for an admin. `readInput` runs only after the request is found to be the
 * caller's and still waiting, so an upload to someone else's request is never read or stored.
 */
export async function submitTopUpPayment(
  ctx: AppContext,
  actor: Actor,
  id: number,
  readInput: () => Promise<PaymentInput>,
): Promise<TopUpRequest> {
  const request = await ownRequest(ctx, actor, id);
  if (request.status !== 'awaiting_payment') throw new AppError('TOPUP_NOT_AWAITING_PAYMENT');
  // An online method's payment is reported by its provider, never by the requester: it still awaits
  // that payment, which completes by itself.
  if (request.methodKind !== null && request.methodKind !== 'manual') throw new AppError('TOPUP_PAID_ONLINE');
  const input = await readInput();
  const paymentReference = checkReference(input.paymentReference);
  if (request.proofRequired && !input.file) throw new AppError('PAYMENT_PROOF_REQUIRED');

  const store = attachmentStoresFor(ctx).current;
  let proof: Parameters<typeof topUpsRepository.submitPayment>[2]['proof'] = null;
  if (input.file) {
    const type = detectAttachmentType(input.file.bytes);
    if (!type) throw new AppError('ATTACHMENT_TYPE_NOT_ALLOWED');
    proof = {
      storage: store.kind,
      key: store.newKey(),
      fileName: safeFileName(input.file.fileName, type),
      contentType: type,
      size: input.file.bytes.length,
    };
    await store.put(proof.key, input.file.bytes, type);
  }
  let submitted = false;
  try {
    submitted = await topUpsRepository.submitPayment(ctx.db, id, { paymentReference, proof });
  } finally {
    // Submitted twice at once, or decided meanwhile: the file of the losing submission goes.
    if (!submitted && proof) await store.delete(proof.key).catch(() => undefined);
  }
  if (!submitted) throw new AppError('TOPUP_NOT_AWAITING_PAYMENT');
  await publishRequest(ctx, 'update', id, actor.id);
  return (await topUpById(ctx.db, id))!;
}

export type ProofDownload = { stream: Readable; contentType: string; fileName: string; size: number };

/** The proof of a request, for its requester and admins; to anyone else the request does not exist. */
export async function getTopUpProof(ctx: AppContext, actor: Actor, id: number): Promise<ProofDownload> {
  const row = await topUpsRepository.findById(ctx.db, id);
  if (!row || (!actor.isAdmin && row.accountId !== actor.id)) throw new AppError('TOPUP_NOT_FOUND');
  if (!row.proofKey || !row.proofStorage || !row.proofContentType || !row.proofFileName)
    throw new AppError('PAYMENT_PROOF_NOT_FOUND');
  const stream = await attachmentStoresFor(ctx).of(row.proofStorage)?.get(row.proofKey);
  if (!stream) {
    ctx.log.error({ topUpId: row.id, storage: row.proofStorage }, 'Top-up proof file is missing');
    throw new AppError('PAYMENT_PROOF_NOT_FOUND');
  }
  return {
    stream,
    contentType: row.proofContentType,
    fileName: row.proofFileName,
    size: row.proofSize ?? 0,
  };
}
