// Usernames and passwords are pasted verbatim into CCcam.cfg / oscam.user, so anything that is
// syntax in either format must be refused before it reaches a file. The rule is the one the
// readers of both files apply (packages/shared/src/line-config-files.ts).

export {
  CREDENTIAL_MAX_LENGTH,
  credentialProblem,
  type CredentialField,
} from '@linedesk/shared/config-files';
