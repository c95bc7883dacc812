import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Contract,
  genericErrorCodes,
  languages,
  lineStatuses,
  portalContracts,
  receiverSettingKinds,
} from '@linedesk/shared';
import { describe, expect, it } from 'vitest';
import { portalErrorCodes, portalTextPaths } from './portal-text-keys';
import { loadPortalTexts, lookUp, type Tree } from './portal-texts';

// The portal's texts as the build cuts them (`?part=portal` through build/locale-split.plugin.ts,
// which the unit project runs too), in each language.
const texts = Object.fromEntries(
  await Promise.all(languages.map(async (language) => [language, await loadPortalTexts(language)])),
) as Record<(typeof languages)[number], Tree>;

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );
}

/** Every `t('…')` key written out in the portal's code. */
function keysInCode(): string[] {
  const root = path.resolve(import.meta.dirname, '..');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.tsx?$/.test(file),
  );
  return files.flatMap((file) =>
    [...readFileSync(path.join(root, file), 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => m[1]!),
  );
}

describe("the customer portal's texts", () => {
  it.each(languages)('%s has every key the portal takes, and the same keys as English', (language) => {
    const missing = portalTextPaths.filter((key) => {
      let node: string | Tree | undefined = texts[language];
      for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
      return node === undefined;
    });
    expect(missing).toEqual([]);
    expect(leaves(texts[language]).sort()).toEqual(leaves(texts.en).sort());
    expect(leaves(texts[language]).filter((key) => !lookUp(texts[language], key)?.trim())).toEqual([]);
  });

  it.each(languages)('%s has a text for every key the portal shows', (language) => {
    const shown = [
      ...keysInCode(),
      ...lineStatuses.map((status) => `lines.status.${status}`),
      ...receiverSettingKinds.map((kind) => `portal.receivers.${kind}`),
      ...portalErrorCodes.map((code) => `errors.${code}`),
    ];
    expect(shown.length).toBeGreaterThan(40);
    expect(shown.filter((key) => lookUp(texts[language], key) === null)).toEqual([]);
  });

  it("carries none of the panel's other texts", () => {
    // The reseller's settings card is a panel page; the sign-in page's texts are the panel's own.
    expect(lookUp(texts.en, 'portal.settings.title')).toBeNull();
    expect(lookUp(texts.en, 'auth.signIn.title')).toBeNull();
    // A few kilobytes: every customer-facing error code adds a sentence, the panel's texts are far more.
    expect(JSON.stringify(texts.en).length).toBeLessThan(9_000);
  });

  it('translates every error code the customer endpoints may answer', () => {
    const {
      getSettings: _reseller,
      setSettings: _resellerToo,
      dismissRenewalRequest: _resellerAlso,
      ...customer
    } = portalContracts;
    const answered = new Set<string>(genericErrorCodes);
    for (const contract of Object.values(customer) as Contract[]) {
      for (const code of contract.errors ?? []) answered.add(code);
    }
    expect([...answered].filter((code) => !(portalErrorCodes as readonly string[]).includes(code))).toEqual(
      [],
    );
  });
});
