ALTER TABLE "auth_users" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "auth_users" ALTER COLUMN "language" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_users" ADD COLUMN "browser_language" text;--> statement-breakpoint
-- Which stored languages were chosen cannot be known: the switcher, the sign-up page and a browser's
-- mere detection all wrote the same column, and 'en' was also its default. A language other than 'en'
-- was put there by a person's browser or choice, never by the default: it stays the account's. An 'en'
-- may be the default only, which is what made a new German browser switch to English: it becomes "not
-- chosen", kept as the browser language, so server-made texts stay English until a browser says more.
UPDATE "auth_users" SET "browser_language" = "language", "language" = NULL WHERE "language" = 'en';
