import type { AccountLanguage, AccountLanguageBody, Language } from '@linedesk/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/access.js';
import { DEFAULT_SERVER_LANGUAGE } from '../../i18n/server-texts.js';
import { accountLanguageRepository } from './account-language.repository.js';

/**
 * The panel's messages are written in the reader's language at each read: the account's open tabs
 * read their messages and bell again, in the language just set.
 */
async function messagesReadInNewLanguage(ctx: AppContext, me: Actor): Promise<void> {
  await ctx.bus.publish({ table: 'messages', action: 'update', id: 'all', audience: [me.id] });
}

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
  // Every new browser sends its language on its first page: the messages are read again only when
  // the language they are written in really changed, not on every first visit.
  const languageOf = async () => (await recipientLanguages(ctx.db, [me.id]))(me.id);
  const before = await languageOf();
  if (body.chosen === false) {
    // GET /api/me answers the choice only, so no tab reads the account again.
    await accountLanguageRepository.setBrowserLanguage(ctx.db, me.id, body.language);
  } else {
    await accountLanguageRepository.choose(ctx.db, me.id, body.language);
    // /api/me answers it: the cached callers of this account read it again.
    await ctx.bus.publish({ table: 'auth_users', action: 'update', id: me.id, audience: [me.id] });
  }
  const changed = (await languageOf()) !== before;
  if (changed) await messagesReadInNewLanguage(ctx, me);
  return { language: body.language, changed };
}

/** The language to write to each recipient in, for the places that send messages and mails. */
export async function recipientLanguages(db: Db, accountIds: readonly string[]) {
  const languages = await accountLanguageRepository.languagesOf(db, accountIds);
  return (accountId: string): Language => languages.get(accountId) ?? DEFAULT_SERVER_LANGUAGE;
}
