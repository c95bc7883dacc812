import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { toLanguage, translate } from '../../i18n/server-texts.js';
import { authAccounts, authSessions, authTwoFactors, authUsers, authVerifications } from '../../db/schema.js';
import type { AppConfig } from '../../platform/config.js';
import type { Mailer } from '../../platform/mailer.js';
import { hashPassword, verifyPassword } from '../../platform/password.js';

/**
 * better-auth hands its mail hooks the account's row, with our `language` and `browserLanguage` among
 * its extra fields: the account's text language, as `accountTextLanguage` has it in SQL.
 */
function languageOf(user: object) {
  const { language, browserLanguage } = user as { language?: unknown; browserLanguage?: unknown };
  return toLanguage(language ?? browserLanguage);
}

export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** The idle window slides (session row written, cookie renewed) at most this often per session. */
export const SESSION_REFRESH_SECONDS = 60 * 60;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'linedesk.session_token';
export const CLIENT_IP_HEADER = 'x-linedesk-client-ip';
/** A reset link works once, for an hour. */
export const PASSWORD_RESET_SECONDS = 60 * 60;
/** Between a correct password and its authenticator code, a sign-in waits this long at most. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

export type AuthDeps = { config: AppConfig; db: Db; secret: string; mailer: Mailer };

/**
 * better-auth is used as a library: our own routes validate, rate-limit and shape errors, then call
 * `auth.api.*`. Its HTTP handler is never mounted, so nothing reaches it around our checks.
 */
export function createAuth({ config, db, secret, mailer }: AuthDeps) {
  return betterAuth({
    appName: 'Linedesk',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicOrigin, ...config.trustedOrigins],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: authTwoFactors,
      },
    }),
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Wrong passwords are expected traffic (and counted by our limiter), not warnings.
    logger: { level: 'error' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_SECONDS,
      // Our reset route ends the sessions itself (and drops every instance's cached callers).
      revokeSessionsOnPasswordReset: true,
      // Sent in the background, so an address with an account answers as fast as one without.
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        void mailer
          .send({
            to: user.email,
            subject: translate(languageOf(user), 'auth.resetSubject'),
            text: translate(languageOf(user), 'auth.resetText', { link }),
            link,
          })
          .catch(() => undefined);
      },
      // A sign-up with a taken email answers like a new one (no account enumeration); the owner is told.
      onExistingUserSignUp: async ({ user }) => {
        const link = `${config.publicUrl}/sign-in`;
        await mailer.send({
          to: user.email,
          subject: translate(languageOf(user), 'auth.existingSubject'),
          text: translate(languageOf(user), 'auth.existingText', { link }),
          link,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        const link = `${config.publicUrl}/callback?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: translate(languageOf(user), 'auth.confirmSubject'),
          text: translate(languageOf(user), 'auth.confirmText', { link }),
          link,
        });
      },
    },
    user: {
      additionalFields: {
        username: { type: 'string', required: false, input: true, defaultValue: '' },
        credits: { type: 'number', required: false, input: false, defaultValue: 0 },
        groupId: { type: 'number', required: false, input: false, defaultValue: 3 },
        isAdmin: { type: 'boolean', required: false, input: false, defaultValue: false },
        ownerId: { type: 'string', required: false, input: false },
        notes: { type: 'string', required: false, input: false },
        lastSignInAt: { type: 'date', required: false, input: false },
        // Read by the mails below. The sign-up page's language is given by our sign-up service only
        // (better-auth's own HTTP handler is not mounted) as the browser's, not as a choice; both are
        // later changed through PUT /api/me/language.
        language: { type: 'string', required: false, input: false },
        browserLanguage: { type: 'string', required: false, input: true },
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      // Slide the 7-day idle window at most hourly, so an active session is not written on every call.
      updateAge: SESSION_REFRESH_SECONDS,
    },
    advanced: {
      cookiePrefix: 'linedesk',
      useSecureCookies: config.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies },
      // Routes pass the client address Fastify worked out (honouring TRUST_PROXY) in this header.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            await db
              .update(authUsers)
              .set({ lastSignInAt: new Date() })
              .where(eq(authUsers.id, session.userId));
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      twoFactor({
        issuer: 'Linedesk',
        twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
        // No "remember this device": every sign-in of a protected account asks for a code.
        trustDeviceMaxAge: 1,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
