import { z } from 'zod';
import { languages } from './languages.js';

/**
 * What the panel makes of the caller's country (from a proxy header) before anyone signs in. Apart
 * from languages.ts, which the first download needs without zod.
 */
export const localeCountrySchema = z.object({
  country: z.string().nullable(),
  language: z.enum(languages).nullable(),
});
export type LocaleCountry = z.infer<typeof localeCountrySchema>;

/** The language the panel writes an account's messages and mails in; the web's switcher sets it. */
export const accountLanguageSchema = z.object({ language: z.enum(languages) });
/**
 * The answer to setting it: `changed` says whether the language the account's messages are written
 * in changed, so a tab reads them again only then (every new browser sends its language once).
 */
export const accountLanguageAnswerSchema = accountLanguageSchema.extend({ changed: z.boolean() });
export type AccountLanguage = z.infer<typeof accountLanguageAnswerSchema>;

/**
 * `PUT /api/me/language`: the account's choice, or with `chosen: false` only the language a browser
 * shows without a choice (detected), which the account's messages take until it chooses one.
 */
export const accountLanguageBodySchema = accountLanguageSchema.extend({ chosen: z.boolean().optional() });
export type AccountLanguageBody = z.infer<typeof accountLanguageBodySchema>;
