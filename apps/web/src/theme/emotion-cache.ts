import createCache from '@emotion/cache';

/**
 * The server's Content-Security-Policy lets `<style>` tags in only with this page's nonce, which it
 * writes on the `csp-nonce` meta (browsers hide a nonce attribute's value from getAttribute, so the
 * `nonce` property is read first). Without a nonce (the dev server) styles go in as before.
 */
function pageNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  return nonce && !nonce.startsWith('__') ? nonce : undefined;
}

/** This page's style nonce, also for what writes `<style>` tags outside emotion (the data grid's). */
export const styleNonce = pageNonce();

export const emotionCache = createCache({ key: 'css', nonce: styleNonce });
