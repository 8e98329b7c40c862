/**
 * What may be logged of an unexpected error. Query errors carry their parameters (report text, token
 * hashes) in the message, and PostgreSQL echoes offending values in its own, so for those only the SQL
 * text, the SQLSTATE code and the stack frames are kept.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { name: typeof err };
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((l) => l.trimStart().startsWith('at '))
    .join('\n');
  const query = (err as { query?: unknown }).query;
  const cause = err.cause as { code?: unknown; routine?: unknown } | undefined;
  if (typeof query === 'string' || (cause && typeof cause.code === 'string')) {
    return {
      name: err.name,
      query: typeof query === 'string' ? query : undefined,
      sqlstate: cause?.code,
      routine: cause?.routine,
      frames,
    };
  }
  return { name: err.name, message: err.message, frames };
}
