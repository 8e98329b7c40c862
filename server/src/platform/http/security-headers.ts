import { secureHeaders } from 'hono/secure-headers';

/** The headers every answer carries, with the Content-Security-Policy of the web app's pages. */
export function securityHeaders() {
  // antd writes its styles at run time, hence 'unsafe-inline' for styles only; scripts come from us alone.
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // The workstation agent: any loopback port, as the web app's agent address allows (default 17380).
      connectSrc: ["'self'", 'http://127.0.0.1:*', 'ws://127.0.0.1:*', 'http://localhost:*', 'ws://localhost:*'],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
  });
}
