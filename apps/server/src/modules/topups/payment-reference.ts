import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L or U: read aloud or typed into a banking app, no two characters are confused.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Our reference for the requester to put on a payment, e.g. `LD-7K3M-9QXR`: short enough for a
 * transfer's reference line, 30^8 (about 6.6·10^11) values, so a guess never finds someone
 * else's request; uniqueness is the database's (unique index), with a retry on a collision.
 */
export function newPaymentReference(): string {
  const pick = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `LD-${pick()}-${pick()}`;
}
