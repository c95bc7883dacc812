/**
 * A line's restrictions as the panel sends them with add-user (keys as in the panel's plan API).
 * Only the keys a plan sets are present; a user without restrictions is written exactly as before
 * the agent knew them.
 */
export type Restrictions = {
  max_connections?: number;
  uniq?: number;
  caids?: { caid: string; idents: string[] }[];
  cccam_hops?: number;
  cccam_reshare?: number;
  allowed_protocols?: string[];
};

/** What GET / reports, so a panel can tell an agent that writes restrictions from one that would drop them. */
export const AGENT_CAPABILITIES = ['restrictions'] as const;

/** Protocol names OSCam's `allowedprotocols` knows. */
const PROTOCOLS = new Set(['cccam', 'newcamd', 'camd35', 'cs378x', 'cs357x', 'radegast', 'gbox']);
const CAID = /^[0-9A-F]{4}$/;
const IDENT = /^[0-9A-F]{6}$/;

type Result = { ok: true; value: Restrictions | undefined } | { ok: false; message: string };

function intIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

const KNOWN = new Set([
  'max_connections',
  'uniq',
  'caids',
  'cccam_hops',
  'cccam_reshare',
  'allowed_protocols',
]);

/**
 * Checks a `restrictions` object field by field. Unknown keys are refused rather than ignored: a
 * limit this agent cannot write must not turn silently into no limit. CCcam cannot allow a line only
 * some CAIDs (its F-line braces deny or limit, never allow), so `caids` is refused there too.
 */
export function validateRestrictions(raw: unknown, backend: 'cccam' | 'oscam'): Result {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  if (typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, message: 'restrictions must be an object' };
  const body = raw as Record<string, unknown>;
  const unknown = Object.keys(body).filter((key) => !KNOWN.has(key));
  if (unknown.length > 0) return { ok: false, message: `Unknown restriction: ${unknown.join(', ')}` };
  const out: Restrictions = {};
  if (body.max_connections !== undefined) {
    if (!intIn(body.max_connections, 1, 1000))
      return { ok: false, message: 'max_connections must be 1 to 1000' };
    out.max_connections = body.max_connections;
  }
  if (body.uniq !== undefined) {
    if (!intIn(body.uniq, 0, 4)) return { ok: false, message: 'uniq must be 0 to 4' };
    out.uniq = body.uniq;
  }
  if (body.caids !== undefined) {
    if (!Array.isArray(body.caids) || body.caids.length === 0 || body.caids.length > 32) {
      return { ok: false, message: 'caids must list 1 to 32 CAIDs' };
    }
    const caids: { caid: string; idents: string[] }[] = [];
    for (const entry of body.caids as unknown[]) {
      const { caid, idents = [] } = (entry ?? {}) as { caid?: unknown; idents?: unknown };
      if (
        typeof caid !== 'string' ||
        !CAID.test(caid) ||
        !Array.isArray(idents) ||
        idents.length > 32 ||
        !idents.every((ident) => typeof ident === 'string' && IDENT.test(ident))
      ) {
        return { ok: false, message: 'Each CAID must be 4 hex digits (upper case) with idents of 6' };
      }
      caids.push({ caid, idents: idents as string[] });
    }
    if (backend === 'cccam') {
      return {
        ok: false,
        message:
          'CCcam cannot restrict a line to some CAIDs; put lines with CAID restrictions on an OSCam server',
      };
    }
    out.caids = caids;
  }
  for (const key of ['cccam_hops', 'cccam_reshare'] as const) {
    if (body[key] === undefined) continue;
    if (!intIn(body[key], 0, 9)) return { ok: false, message: `${key} must be 0 to 9` };
    out[key] = body[key];
  }
  if (body.allowed_protocols !== undefined) {
    const list = body.allowed_protocols;
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      !list.every((p) => typeof p === 'string' && PROTOCOLS.has(p))
    ) {
      return { ok: false, message: `allowed_protocols must list some of ${[...PROTOCOLS].join(', ')}` };
    }
    out.allowed_protocols = [...new Set(list as string[])];
  }
  return { ok: true, value: Object.keys(out).length > 0 ? out : undefined };
}

export function sameRestrictions(a: Restrictions | undefined, b: Restrictions | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The oscam.user keys of an [account] section, in a fixed order. */
export function oscamRestrictionLines(r: Restrictions | undefined): string[] {
  if (!r) return [];
  const lines: string[] = [];
  if (r.max_connections !== undefined) lines.push(`max_connections = ${r.max_connections}`);
  if (r.uniq !== undefined) lines.push(`uniq = ${r.uniq}`);
  if (r.caids) {
    lines.push(`caid = ${r.caids.map((c) => c.caid).join(',')}`);
    const idents = r.caids.filter((c) => c.idents.length > 0);
    if (idents.length > 0) {
      lines.push(`ident = ${idents.map((c) => `${c.caid}:${c.idents.join(',')}`).join(';')}`);
    }
  }
  if (r.cccam_hops !== undefined) lines.push(`cccmaxhops = ${r.cccam_hops}`);
  if (r.cccam_reshare !== undefined) lines.push(`cccreshare = ${r.cccam_reshare}`);
  if (r.allowed_protocols) lines.push(`allowedprotocols = ${r.allowed_protocols.join(',')}`);
  return lines;
}
