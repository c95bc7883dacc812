import { lineUsernameMaxLength } from '@linedesk/shared';
import { AppError } from '../../platform/errors.js';

/**
 * Refuses a username the line's server could never log in with (CCcam: 20 characters), before
 * anything is charged or stored.
 */
export function assertUsernameFitsServer(username: string, server: { protocol: string }): void {
  const max = lineUsernameMaxLength(server.protocol);
  if (username.length > max) throw new AppError('LINE_USERNAME_TOO_LONG_FOR_CCCAM', { params: { max } });
}
