import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from './platform/context';
import { outgrownEmbedded } from './platform/strain';

export const HEALTH_DB_TIMEOUT_MS = 1000;

/** Runs one query; false when the database does not answer within `ms`. */
async function databaseAnswers(c: Context<AppEnv>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const query = c.var.deps.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz: ok with the database kind, or 503 with db "down" when it does not answer in a second. An
 * embedded installation past what it can serve stays ok (it serves) with `advice: "move-to-postgres"`.
 */
export async function healthz(c: Context<AppEnv>) {
  if (!(await databaseAnswers(c, HEALTH_DB_TIMEOUT_MS))) return c.json({ status: 'unavailable', db: 'down' }, 503);
  const outgrown = outgrownEmbedded(c.var.deps);
  return c.json({ status: 'ok', db: c.var.deps.dbKind, ...(outgrown ? { advice: 'move-to-postgres' } : {}) });
}
