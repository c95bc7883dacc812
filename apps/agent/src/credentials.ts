// Usernames and passwords are pasted verbatim into CCcam.cfg / oscam.user, so anything that is
// syntax in either format must be refused before it reaches a file.

export const CREDENTIAL_MAX_LENGTH = 64;

// Printable ASCII without the space: whitespace separates F: line fields and ends oscam values.
const PRINTABLE_NO_SPACE = /^[\x21-\x7e]+$/;
// { } open CCcam option groups, # starts a comment, [ ] start an OSCam section, = splits OSCam keys.
const CONFIG_SYNTAX = /[{}[\]#=]/;

export type CredentialField = 'Username' | 'Password';

/** Returns a user-facing problem description, or null when the value is safe to write. */
export function credentialProblem(field: CredentialField, value: string): string | null {
  if (value.length > CREDENTIAL_MAX_LENGTH) {
    return `${field} must be at most ${CREDENTIAL_MAX_LENGTH} characters`;
  }
  if (!PRINTABLE_NO_SPACE.test(value)) {
    return `${field} may only contain printable ASCII characters, without spaces or line breaks`;
  }
  if (CONFIG_SYNTAX.test(value)) {
    return `${field} must not contain any of these characters: { } [ ] # =`;
  }
  return null;
}
