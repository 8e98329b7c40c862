import pino from 'pino';

/** JSON logs. Paths that could carry secrets are redacted; bodies are never logged. */
export function createLogger(level: string) {
  return pino({
    level,
    base: { svc: 'rxpacs-server' },
    redact: ['req.headers.authorization', 'password', 'pin', 'token', '*.password', '*.token'],
  });
}
export type Logger = ReturnType<typeof createLogger>;
