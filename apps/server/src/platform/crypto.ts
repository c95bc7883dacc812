import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** Encrypts secrets we must be able to read back (unlike account passwords, which are hashed). */
export type SecretBox = {
  encrypt: (plaintext: string) => string;
  /** Throws when the value was not made by this box (other secret, other purpose, tampered). */
  decrypt: (sealed: string) => string;
};

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
// The panel secret is already high-entropy, so a fixed salt is enough; the purpose (HKDF info)
// gives every use its own key.
const SALT = 'linedesk-secret-box';

/** AES-256-GCM with a key derived from the panel secret by HKDF-SHA256. */
export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, SALT, purpose, 32));
  const aad = Buffer.from(purpose);
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad);
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
      return `${VERSION}.${sealed}`;
    },
    decrypt(sealed) {
      const [version, body] = sealed.split('.');
      if (version !== VERSION || !body) throw new Error('Unknown secret format');
      const raw = Buffer.from(body, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Truncated secret');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(aad);
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** Signs texts the panel hands out and must recognise later (an install command's token). */
export type Signer = {
  sign: (text: string) => string;
  /** True when `signature` is this signer's for `text` (compared in constant time). */
  verify: (text: string, signature: string) => boolean;
};

/** HMAC-SHA256 under a key derived from the panel secret by HKDF-SHA256, one key per purpose. */
export function createSigner(secret: string, purpose: string): Signer {
  const key = Buffer.from(hkdfSync('sha256', secret, SALT, purpose, 32));
  const sign = (text: string) => createHmac('sha256', key).update(text, 'utf8').digest('base64url');
  return {
    sign,
    verify(text, signature) {
      const expected = Buffer.from(sign(text));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
