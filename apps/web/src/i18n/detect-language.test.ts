import { describe, expect, it, vi } from 'vitest';
import { detectLanguage, languageFromTag } from './detect-language';

const never = () => Promise.reject(new Error('must not be called'));

describe('detectLanguage', () => {
  it('prefers the stored language', async () => {
    const lookupCountry = vi.fn(never);
    await expect(detectLanguage({ stored: 'pl', browserLanguage: 'de-DE', lookupCountry })).resolves.toBe(
      'pl',
    );
    expect(lookupCountry).not.toHaveBeenCalled();
  });

  it('ignores an unsupported stored value and uses the browser language', async () => {
    const lookupCountry = vi.fn(never);
    await expect(detectLanguage({ stored: 'fr', browserLanguage: 'pt-BR', lookupCountry })).resolves.toBe(
      'pt',
    );
    expect(lookupCountry).not.toHaveBeenCalled();
  });

  it('falls back to the country language when the browser language is not supported', async () => {
    const lookupCountry = vi.fn(() => Promise.resolve({ country: 'AT', language: null }));
    await expect(detectLanguage({ stored: null, browserLanguage: 'fr-FR', lookupCountry })).resolves.toBe(
      'de',
    );
    expect(lookupCountry).toHaveBeenCalledOnce();
  });

  it("uses the server's language for the country when it sends one", async () => {
    const lookupCountry = () => Promise.resolve({ country: 'br', language: 'pt' });
    await expect(detectLanguage({ stored: null, browserLanguage: undefined, lookupCountry })).resolves.toBe(
      'pt',
    );
  });

  it('ends with English when nothing matches or the lookup fails', async () => {
    const unknown = () => Promise.resolve({ country: 'fr', language: null });
    await expect(
      detectLanguage({ stored: null, browserLanguage: 'fr', lookupCountry: unknown }),
    ).resolves.toBe('en');
    await expect(detectLanguage({ stored: null, browserLanguage: 'fr', lookupCountry: never })).resolves.toBe(
      'en',
    );
  });
});

describe('languageFromTag', () => {
  it('reads the primary subtag', () => {
    expect(languageFromTag('de-CH')).toBe('de');
    expect(languageFromTag('pl_PL')).toBe('pl');
    expect(languageFromTag('EN')).toBe('en');
    expect(languageFromTag('es')).toBeNull();
    expect(languageFromTag('')).toBeNull();
  });
});
