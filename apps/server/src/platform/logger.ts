import { destination, type DestinationStream, type LoggerOptions } from 'pino';
import type { AppConfig } from './config.js';

export function loggerOptions(config: AppConfig): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
}

/**
 * Standard output, written synchronously: pino's default buffers, so its lines could land after the
 * start banner (main.ts) that must stay the last thing a start prints. Without a line per request
 * (request-log.ts) the log is a few lines a minute, so writing them at once costs nothing.
 */
export function startLogStream(): DestinationStream {
  return destination({ dest: 1, sync: true });
}
