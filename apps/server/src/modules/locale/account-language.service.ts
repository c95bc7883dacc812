import type { AccountLanguage, AccountLanguageBody, Language } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { DEFAULT_SERVER_LANGUAGE } from '../../i18n/server-texts.js';
import { accountLanguageRepository } from './account-language.repository.js';

/**
 * Anyone signed in chooses their own language; nobody sets another account's. `chosen: false` is a
 * browser telling the language it shows without a choice: the account's texts take it until the
 * account chooses one, and no other browser follows it.
 */
export async function setMyLanguage(
  ctx: AppContext,
  me: Actor,
  body: AccountLanguageBody,
): Promise<AccountLanguage> {
  if (body.chosen === false) {
    // Nothing any page shows changes (GET /api/me answers the choice only), so no tab is told: every
    // new browser sends this on its first page, and each of the account's open tabs would read /api/me
    // and its setup guide again for nothing.
    await accountLanguageRepository.setBrowserLanguage(ctx.db, me.id, body.language);
    return { language: body.language };
  }
  await accountLanguageRepository.choose(ctx.db, me.id, body.language);
  // /api/me answers it: the cached callers of this account read it again.
  await ctx.bus.publish({ table: 'auth_users', action: 'update', id: me.id, audience: [me.id] });
  return { language: body.language };
}

/** The language to write to each recipient in, for the places that send messages and mails. */
export async function recipientLanguages(db: Db, accountIds: readonly string[]) {
  const languages = await accountLanguageRepository.languagesOf(db, accountIds);
  return (accountId: string): Language => languages.get(accountId) ?? DEFAULT_SERVER_LANGUAGE;
}
