import type { Signer } from '../../platform/crypto.js';

/**
 * An install command's token: `ld1.<server id>.<expiry, unix seconds>.<signature>`. Nothing is
 * stored: the signature covers the server's agent login as it is now (username and sealed
 * password), so editing either on the server's page makes every command shown before it stop
 * working, and the expiry ends the rest. Only characters a shell leaves alone, so the command can be
 * pasted as it is.
 */
const PREFIX = 'ld1';

export type InstallTokenParts = { serverId: number; expiresAt: Date; signature: string };

function signedText(serverId: number, expiresSeconds: number, username: string, passwordSealed: string) {
  return `${PREFIX}.${serverId}.${expiresSeconds}.${username}.${passwordSealed}`;
}

export function makeInstallToken(
  signer: Signer,
  server: { id: number; username: string; passwordEncrypted: string },
  expiresAt: Date,
): string {
  const expiresSeconds = Math.floor(expiresAt.getTime() / 1000);
  const signature = signer.sign(
    signedText(server.id, expiresSeconds, server.username, server.passwordEncrypted),
  );
  return `${PREFIX}.${server.id}.${expiresSeconds}.${signature}`;
}

/** The token's parts, or null when it is not shaped like one of ours. */
export function readInstallToken(token: string): InstallTokenParts | null {
  const match = /^ld1\.(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  return {
    serverId: Number(match[1]),
    expiresAt: new Date(Number(match[2]) * 1000),
    signature: match[3]!,
  };
}

export function installTokenSignedBy(
  signer: Signer,
  parts: InstallTokenParts,
  server: { id: number; username: string; passwordEncrypted: string },
): boolean {
  const expiresSeconds = Math.floor(parts.expiresAt.getTime() / 1000);
  return signer.verify(
    signedText(server.id, expiresSeconds, server.username, server.passwordEncrypted),
    parts.signature,
  );
}
