import type { AgentConfig } from '../config';

export type OriginKind = 'web' | 'extension';

/** Decides who may call the agent: loopback Host only (DNS rebinding), allowlisted Origin only. */
export class OriginPolicy {
  private readonly web: Set<string>;
  private readonly extensions: Set<string>;

  constructor(
    config: Pick<AgentConfig, 'allowedOrigins' | 'allowedExtensionIds'>,
    /** The port actually listened on (known only after listen when 0 was asked). */
    private readonly port: () => number,
  ) {
    this.web = new Set(config.allowedOrigins.map((o) => o.toLowerCase()));
    this.extensions = new Set(config.allowedExtensionIds.map((id) => `chrome-extension://${id}`));
  }

  hostAllowed(host: string | undefined): boolean {
    if (!host) return false;
    const port = this.port();
    return host === `127.0.0.1:${port}` || host.toLowerCase() === `localhost:${port}`;
  }

  kind(origin: string | undefined): OriginKind | null {
    if (!origin) return null;
    if (this.web.has(origin.toLowerCase())) return 'web';
    if (this.extensions.has(origin)) return 'extension';
    return null;
  }

  /** Whether `origin` may be signed for: only the allowlisted web origins, never an extension or anything else. */
  signableOrigin(origin: string): boolean {
    return this.web.has(origin.toLowerCase());
  }

  /** Whether a URL lies on an allowed web origin (PDFs to print are fetched only from there). */
  urlAllowed(url: string): boolean {
    try {
      return this.web.has(new URL(url).origin.toLowerCase());
    } catch {
      return false;
    }
  }
}
