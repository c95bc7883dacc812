import { describe, expect, it } from 'vitest';
import { createSecretBox } from './crypto.js';

const secret = 'a-panel-secret-that-is-long-enough-1234';

describe('createSecretBox', () => {
  it('round-trips and never shows the plaintext', () => {
    const box = createSecretBox(secret, 'test');
    const sealed = box.encrypt('S3cret:with-colon');
    expect(sealed).not.toContain('S3cret');
    expect(box.decrypt(sealed)).toBe('S3cret:with-colon');
    // A fresh IV each time: equal passwords do not look equal in the database.
    expect(box.encrypt('S3cret:with-colon')).not.toBe(sealed);
  });

  it('refuses values sealed with another secret or purpose, or tampered with', () => {
    const sealed = createSecretBox(secret, 'test').encrypt('pw');
    expect(() => createSecretBox(`${secret}x`, 'test').decrypt(sealed)).toThrow();
    expect(() => createSecretBox(secret, 'other').decrypt(sealed)).toThrow();
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === 'A' ? 'B' : 'A') + sealed.slice(-1);
    expect(() => createSecretBox(secret, 'test').decrypt(flipped)).toThrow();
    expect(() => createSecretBox(secret, 'test').decrypt('plain')).toThrow();
  });
});
