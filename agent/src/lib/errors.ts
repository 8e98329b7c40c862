import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AgentErrorId } from '@shared/agent/errors';

/** A failure the caller should see: a stable id, an HTTP status and optional data (e.g. triesLeft). */
export class AgentError extends Error {
  constructor(
    readonly id: AgentErrorId,
    readonly status: ContentfulStatusCode,
    readonly data: unknown = null,
    /** Extra words for the message, e.g. the printer name. */
    readonly detail?: string,
  ) {
    super(id);
  }
}
