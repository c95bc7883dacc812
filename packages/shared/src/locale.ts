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
