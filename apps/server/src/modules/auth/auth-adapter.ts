import { isAPIError } from 'better-auth/api';
import type { Client } from '../../platform/http.js';
import { CLIENT_IP_HEADER, createAuth, type AuthDeps } from './auth.js';
import { readSignedCookie, sessionCookieFrom, type SessionCookie } from './session-cookie.js';

// better-auth is reached through this module alone (lint:deps holds it): services call these
// functions with plain values and get plain values back (Set-Cookie values among them), and a refusal
// of better-auth's leaves here as an AuthRefusal. Its configuration is auth.ts.

/**
 * better-auth refused: `reason` is its error code (auth-errors.ts turns it into ours), `setCookies`
 * what it set with the refusal. One that no rule translates answers as better-auth's own error did
 * (its status and message, by platform/error-handler.ts).
 */
export class AuthRefusal extends Error {
  constructor(
    readonly reason: string | undefined,
    readonly statusCode: number,
    message: string,
    readonly setCookies: string[],
  ) {
    super(message);
  }
}

/** A call's outcome and the session cookies better-auth set with it (for the route to send). */
type WithCookies<T = object> = T & { setCookies: string[] };

function refusalOf(error: unknown): unknown {
  if (!isAPIError(error)) return error;
  const reason = (error.body as { code?: string } | undefined)?.code;
  const setCookies = error.headers ? new Headers(error.headers).getSetCookie() : [];
  return new AuthRefusal(reason, error.statusCode, error.message, setCookies);
}

async function call<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw refusalOf(error);
  }
}

/** Request headers as a WHATWG Headers object for better-auth, with the client address we trust. */
function toWebHeaders(client: Client): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(client.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(CLIENT_IP_HEADER, client.ip);
  return headers;
}

/** The identifier of a link that sets a password: better-auth's reset-password token. */
const passwordTokenId = (token: string) => `reset-password:${token}`;

export function createAuthAdapter(deps: AuthDeps) {
  const auth = createAuth(deps);
  let sessionCookie: Promise<SessionCookie> | undefined;

  return {
    /** The panel's secret, which signs better-auth's cookies (and the portal's). */
    secret: async (): Promise<string> => (await auth.$context).secret,

    /** better-auth's session cookie, read and written as better-auth does (session-cookie.ts). */
    sessionCookie: (): Promise<SessionCookie> => {
      sessionCookie ??= auth.$context.then(sessionCookieFrom);
      return sessionCookie;
    },

    /** A new account with a password; better-auth mails its confirmation link. */
    signUp: async (
      client: Client,
      input: { email: string; password: string; name: string; username: string; browserLanguage?: string },
    ): Promise<{ id: string; username: string | null }> => {
      const { user } = await call(
        auth.api.signUpEmail({
          body: {
            email: input.email,
            password: input.password,
            name: input.name,
            username: input.username,
            ...(input.browserLanguage ? { browserLanguage: input.browserLanguage } : {}),
          },
          headers: toWebHeaders(client),
        }),
      );
      return { id: user.id, username: (user as { username?: string | null }).username ?? null };
    },

    /**
     * A password sign-in: the account signed in, or `accountId` null when its password was right and
     * better-auth holds the session back for a two-factor code (its challenge cookie among the cookies).
     */
    signIn: async (
      client: Client,
      input: { email: string; password: string },
    ): Promise<WithCookies<{ accountId: string | null }>> => {
      const result = await call(
        auth.api.signInEmail({
          body: { email: input.email, password: input.password },
          headers: toWebHeaders(client),
          returnHeaders: true,
        }),
      );
      const accountId = 'twoFactorRedirect' in result.response ? null : result.response.user.id;
      return { accountId, setCookies: result.headers.getSetCookie() };
    },

    /** The link of a confirmation mail; no cookies when it had been used before. */
    verifyEmail: async (client: Client, token: string): Promise<WithCookies> => {
      const result = await call(
        auth.api.verifyEmail({ query: { token }, headers: toWebHeaders(client), returnHeaders: true }),
      );
      return { setCookies: result.headers.getSetCookie() };
    },

    /** Ends the client's session; a refusal ends nothing and clears nothing. */
    signOut: async (client: Client): Promise<WithCookies> => {
      const result = await auth.api
        .signOut({ headers: toWebHeaders(client), returnHeaders: true })
        .catch(() => undefined);
      return { setCookies: result?.headers.getSetCookie() ?? [] };
    },

    changePassword: async (
      client: Client,
      input: { currentPassword: string; newPassword: string },
    ): Promise<WithCookies> => {
      const result = await call(
        auth.api.changePassword({
          body: { ...input, revokeOtherSessions: false },
          headers: toWebHeaders(client),
          returnHeaders: true,
        }),
      );
      return { setCookies: result.headers.getSetCookie() };
    },

    /** Asks better-auth to mail the confirmation link again (to an unconfirmed account only). */
    sendConfirmationMail: async (email: string): Promise<void> => {
      // No session headers: better-auth then looks the address up itself instead of using the caller's.
      await call(auth.api.sendVerificationEmail({ body: { email } }));
    },

    /** Mails a reset link when the address has an account. */
    requestPasswordReset: async (client: Client, email: string): Promise<void> => {
      await call(auth.api.requestPasswordReset({ body: { email }, headers: toWebHeaders(client) }));
    },

    /** The account a password-setting link (a reset or an invite) is for, and when it runs out. */
    passwordToken: async (token: string): Promise<{ accountId: string; expiresAt: Date } | null> => {
      const found = await (await auth.$context).internalAdapter.findVerificationValue(passwordTokenId(token));
      return found ? { accountId: found.value, expiresAt: found.expiresAt } : null;
    },

    /** A link that sets the account's password, consumed like a reset link (an invite's). */
    createPasswordToken: async (token: string, accountId: string, expiresAt: Date): Promise<void> => {
      await (
        await auth.$context
      ).internalAdapter.createVerificationValue({
        identifier: passwordTokenId(token),
        value: accountId,
        expiresAt,
      });
    },

    /** Sets the password a link was for and uses the link up. */
    resetPassword: async (input: { token: string; newPassword: string }, client?: Client): Promise<void> => {
      await call(
        auth.api.resetPassword({ body: input, ...(client ? { headers: toWebHeaders(client) } : {}) }),
      );
    },

    /** A new authenticator secret and backup codes, for the signed-in client whose password this is. */
    enableTwoFactor: async (
      client: Client,
      password: string,
    ): Promise<{ totpUri: string | undefined; backupCodes: string[] | undefined }> => {
      const result = await call(
        auth.api.enableTwoFactor({ body: { password }, headers: toWebHeaders(client) }),
      );
      return 'totpURI' in result
        ? { totpUri: result.totpURI, backupCodes: result.backupCodes }
        : { totpUri: undefined, backupCodes: undefined };
    },

    disableTwoFactor: async (client: Client, password: string): Promise<WithCookies> => {
      const result = await call(
        auth.api.disableTwoFactor({ body: { password }, headers: toWebHeaders(client), returnHeaders: true }),
      );
      return { setCookies: result.headers.getSetCookie() };
    },

    /**
     * A code from the authenticator app: for a signed-in client it confirms the setup, for one with a
     * sign-in challenge it finishes the sign-in; either way better-auth renews the session cookie.
     */
    verifyAuthenticatorCode: async (client: Client, code: string): Promise<WithCookies> => {
      const result = await call(
        auth.api.verifyTOTP({ body: { code }, headers: toWebHeaders(client), returnHeaders: true }),
      );
      return { setCookies: result.headers.getSetCookie() };
    },

    /** A backup code finishing a sign-in challenge; it works once. */
    verifyBackupCode: async (client: Client, code: string): Promise<WithCookies> => {
      const result = await call(
        auth.api.verifyBackupCode({ body: { code }, headers: toWebHeaders(client), returnHeaders: true }),
      );
      return { setCookies: result.headers.getSetCookie() };
    },

    /**
     * The account whose sign-in waits for a code: the challenge the password step left in a signed
     * cookie, while it holds. Null without one, or a forged or expired one.
     */
    twoFactorChallengeAccount: async (cookieHeader: string | undefined): Promise<string | null> => {
      const context = await auth.$context;
      const cookieName = context.createAuthCookie('two_factor').name;
      const challengeId = readSignedCookie(cookieHeader, cookieName, context.secret);
      const challenge = challengeId ? await context.internalAdapter.findVerificationValue(challengeId) : null;
      return challenge && challenge.expiresAt > new Date() ? challenge.value : null;
    },
  };
}

export type AuthAdapter = ReturnType<typeof createAuthAdapter>;
