import { currentRequestId } from './request-id';

export type Logger = {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
};

/** One line per message; a line written for a panel request ends with `request_id=<its id>`. */
function line(level: string, message: string): string {
  const requestId = currentRequestId();
  const tail = requestId ? ` request_id=${requestId}` : '';
  return `${new Date().toISOString()} ${level} ${message}${tail}`;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(line('info', message)),
  warn: (message) => console.warn(line('warn', message)),
  error: (message) => console.error(line('error', message)),
};
