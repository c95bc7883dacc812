import type { DestinationStream, LoggerOptions } from 'pino';
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
