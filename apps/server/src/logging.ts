import { LogController } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { AppConfig } from './config.ts';

/** Reset tokens travel in better-auth's reset path and in `token=` query values. */
const redactUrl = (url: string) =>
  url.replace(/(\/reset-password\/)[^/?]+/gi, '$1[redacted]').replace(/(token=)[^&]*/gi, '$1[redacted]');

/** Log options: credentials never reach a log line. */
export function loggerOptions(level: AppConfig['logLevel'], { pretty = false } = {}) {
  return {
    level,
    // Readable lines in a terminal; JSON lines for a log collector everywhere else.
    ...(pretty ? { stream: pinoPretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }) } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["user-data"]',
        'res.headers["set-cookie"]',
        'res.headers["set-auth-token"]',
        '*.password',
        '*.newPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        ip: request.ip,
      }),
    },
  };
}

/** The web app asks for the session every 5 s (SESSION_POLL_MS): its requests would bury the rest. */
const SESSION_POLL = '/api/auth/get-session';

/** Fastify's request logging, without the session poll. */
export const requestLogController = () =>
  new LogController({ disableRequestLogging: (request) => request.url.split('?')[0] === SESSION_POLL });
