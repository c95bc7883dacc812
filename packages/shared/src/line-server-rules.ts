import { LINE_CREDENTIAL_MAX_LENGTH } from './line.js';

/**
 * CCcam's login carries 20 bytes of user name (and OSCam compares only 20), so a longer name is
 * stored but never logs in; the line agent refuses it too.
 */
export const CCCAM_USERNAME_MAX_LENGTH = 20;

/** The longest line username a server speaking `protocol` accepts. */
export function lineUsernameMaxLength(protocol: string): number {
  return protocol === 'CCcam' ? CCCAM_USERNAME_MAX_LENGTH : LINE_CREDENTIAL_MAX_LENGTH;
}
