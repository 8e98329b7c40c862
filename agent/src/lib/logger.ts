import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs; anything that could hold a PIN or a request body is redacted, never written. */
export function createLogger(level = process.env.LOG_LEVEL ?? 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name: 'rxpacs-agent',
    level,
    redact: { paths: ['pin', '*.pin', 'body', '*.body', 'req.headers.cookie'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
