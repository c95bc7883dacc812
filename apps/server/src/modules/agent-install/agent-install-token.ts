import { randomBytes } from 'node:crypto';
import type { Signer } from '../../platform/crypto.js';

/**
 * An install command's token: `ld2.<server id>.<expiry, unix seconds>.<token id>.<signature>`. The
 * signature covers the server's agent login as it is now (username and sealed password), so editing
 * either on the server's page makes every command shown before it stop working, and the expiry ends
 * the rest. The random token id tells two commands apart (even two made in the same second), so
 * using one up (agent_install_tokens_used) leaves the others working. Only characters a shell leaves
 * alone, so the command can be pasted as it is.
 */
const PREFIX = 'ld2';

export type InstallTokenParts = { serverId: number; expiresAt: Date; tokenId: string; signature: string };

function signedText(
  serverId: number,
  expiresSeconds: number,
  tokenId: string,
  username: string,
  passwordSealed: string,
) {
  return `${PREFIX}.${serverId}.${expiresSeconds}.${tokenId}.${username}.${passwordSealed}`;
}

export function makeInstallToken(
  signer: Signer,
  server: { id: number; username: string; passwordEncrypted: string },
  expiresAt: Date,
): string {
  const expiresSeconds = Math.floor(expiresAt.getTime() / 1000);
  const tokenId = randomBytes(12).toString('base64url');
  const signature = signer.sign(
    signedText(server.id, expiresSeconds, tokenId, server.username, server.passwordEncrypted),
  );
  return `${PREFIX}.${server.id}.${expiresSeconds}.${tokenId}.${signature}`;
}

/** The token's parts, or null when it is not shaped like one of ours. */
export function readInstallToken(token: string): InstallTokenParts | null {
  const match = /^ld2\.(\d{1,9})\.(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  return {
    serverId: Number(match[1]),
    expiresAt: new Date(Number(match[2]) * 1000),
    tokenId: match[3]!,
    signature: match[4]!,
  };
}

export function installTokenSignedBy(
  signer: Signer,
  parts: InstallTokenParts,
  server: { id: number; username: string; passwordEncrypted: string },
): boolean {
  const expiresSeconds = Math.floor(parts.expiresAt.getTime() / 1000);
  return signer.verify(
    signedText(server.id, expiresSeconds, parts.tokenId, server.username, server.passwordEncrypted),
    parts.signature,
  );
}
