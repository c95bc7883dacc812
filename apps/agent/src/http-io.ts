import type { IncomingMessage, ServerResponse } from 'node:http';
import { AgentError } from './agent-error';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: { message: string } & Record<string, unknown>,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(payload);
}

/** `application/json`, with or without parameters (`; charset=utf-8`), in any letter case. */
function isJsonMediaType(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/**
 * Reads a JSON object body, refusing oversized bodies before buffering them. A body sent as anything
 * but `application/json` (or with no type) is refused with 415: a browser can send `text/plain`
 * across origins without a preflight, so accepting it would let a page post JSON to the agent.
 */
export async function readJsonObject(
  req: IncomingMessage,
  maxBytes: number,
): Promise<Record<string, unknown>> {
  const declared = Number(req.headers['content-length']);
  const hasBody = declared > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !isJsonMediaType(req.headers['content-type'])) {
    throw new AgentError(415, 'Request body must be sent as application/json');
  }
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new AgentError(413, `Request body is larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) throw new AgentError(413, `Request body is larger than ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AgentError(400, 'Invalid JSON body');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AgentError(400, 'Request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
