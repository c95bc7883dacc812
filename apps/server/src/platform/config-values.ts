import { isIP } from 'node:net';
import { z } from 'zod';

// How a setting's text from the environment is read and checked; platform/config.ts lists the
// settings themselves.

/** proxy-addr's names for address ranges, accepted by Fastify's `trustProxy` like addresses. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxyError =
  'TRUST_PROXY must name what to trust: a number of proxy hops (e.g. 1) or proxy addresses/CIDRs ' +
  '(e.g. 127.0.0.1,10.0.0.0/8); "true" would trust any X-Forwarded-For a client sends';

/**
 * `true` is refused: it makes Fastify take the leftmost X-Forwarded-For entry, which the client
 * writes itself, so anyone could pick the address the sign-in limit counts and sessions record.
 */
export const trustProxySchema = z.string().transform((value, ctx): false | number | string[] => {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === 'no' || v === '0') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  ctx.addIssue({ code: 'custom', message: trustProxyError });
  return z.NEVER;
});

const metricsAddressesError =
  'METRICS_ALLOWED_ADDRESSES must list addresses or CIDRs separated by commas (e.g. 10.0.0.5,192.168.1.0/24)';

/** Who may read /api/metrics without its token: addresses or CIDRs, as the scraper connects from. */
export const metricsAddressesSchema = z.string().transform((value, ctx): string[] => {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every((e) => !proxyRangeNames.has(e) && isProxyAddress(e)))
    return entries;
  ctx.addIssue({ code: 'custom', message: metricsAddressesError });
  return z.NEVER;
});

/**
 * A number from the environment. Anything that is not a number is refused with one message naming
 * the variable and its unit (and what 0 does, where 0 turns something off); a number out of range
 * gets zod's own "too small" / "too big".
 */
export function numberSetting(
  name: string,
  unit: string,
  range: { min: number; max: number; default: number; int?: boolean },
) {
  const number = z.coerce.number({ error: `${name} must be ${unit}` });
  return (range.int ? number.int() : number).min(range.min).max(range.max).default(range.default);
}
