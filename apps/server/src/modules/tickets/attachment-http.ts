import fastifyMultipart from '@fastify/multipart';
import { TICKET_ATTACHMENT_MAX_BYTES, type ErrorCode, type ErrorParams } from '@linedesk/shared';
import { create as contentDispositionHeader } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { AppError } from '../../platform/errors.js';
import type { App } from '../../platform/fastify.js';

/** A file sent with a form: a ticket reply's attachment, a payment's proof. */
export type UploadedFile = { bytes: Buffer; fileName: string | undefined };

/**
 * Registers routes that take an uploaded file: multipart is parsed only for them, not across the
 * whole API, with their limits (one file of at most `maxBytes`; the attachments' by default).
 */
export function registerUploadRoutes(
  app: App,
  register: (uploads: App) => void,
  maxBytes: number = TICKET_ATTACHMENT_MAX_BYTES,
): void {
  void app.register(async (plugin) => {
    await plugin.register(fastifyMultipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 },
    });
    register(plugin.withTypeProvider<ZodTypeProvider>() as App);
  });
}

/** One text field and an optional file (field `file`) from a JSON body or a multipart form. */
export async function readTextAndFile(
  request: FastifyRequest,
  field: string,
): Promise<{ text: unknown; file: UploadedFile | null }> {
  if (!request.isMultipart()) {
    const body = request.body as Record<string, unknown> | null | undefined;
    return { text: body?.[field], file: null };
  }
  const { fields, file } = await readForm(request, 'ATTACHMENT_TOO_LARGE');
  return { text: fields.get(field), file };
}

/** A multipart form's text fields and its file (field `file`); a file over the limit is refused. */
export async function readForm(
  request: FastifyRequest,
  tooLarge: ErrorCode,
  params?: ErrorParams,
): Promise<{ fields: Map<string, string>; file: UploadedFile | null }> {
  const fields = new Map<string, string>();
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      // A form's empty file input arrives as a nameless, empty file: no file.
      if (part.fieldname === 'file' && (bytes.length > 0 || part.filename)) {
        file = { bytes, fileName: part.filename && fromFormDataEscapes(part.filename) };
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError(tooLarge, params ? { params } : {});
    }
    throw error;
  }
  return { fields, file };
}

/**
 * Browsers (and fetch's FormData) send `"`, CR and LF in a file name as %22, %0D and %0A (the HTML
 * standard's multipart/form-data encoding), which busboy hands on as they are; read back, they are
 * dropped with the other quoting characters instead of staying in the name as escapes.
 */
export function fromFormDataEscapes(fileName: string): string {
  return fileName.replace(/%(22|0D|0A)/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** RFC 6266: a quoted fallback name, and for a name beyond ISO-8859-1 its RFC 5987 `filename*`. */
function contentDisposition(type: string, fileName: string): string {
  return contentDispositionHeader(fileName, { type: type.startsWith('image/') ? 'inline' : 'attachment' });
}

/**
 * An uploaded file sent back: its checked type, never sniffed, and sandboxed, so a crafted PDF or
 * image cannot run script in the panel's origin.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { stream: Readable; contentType: string; fileName: string; size: number },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.contentType, file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-cache')
    .send(file.stream);
}
