import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { layoutTemplate } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';

/** Another layout of the hospital has the name, live or in its draft: 409, nothing written. */
export async function assertNameFree(db: DbOrTx, hospitalCode: string, name: string, pk?: number) {
  const [taken] = await db
    .select({ pk: layoutTemplate.pk })
    .from(layoutTemplate)
    .where(
      and(
        isNull(layoutTemplate.deleted_at),
        eq(layoutTemplate.hospital_code, hospitalCode),
        or(eq(layoutTemplate.name, name), sql`${layoutTemplate.draft}->>'name' = ${name}`),
        pk === undefined ? undefined : ne(layoutTemplate.pk, pk),
      ),
    )
    .limit(1);
  if (taken) throw nameTaken(name);
}

/** The name, or with the first free number after it (" (2)", " (3)" ...): an imported file's title may repeat. */
export async function freeName(db: DbOrTx, hospitalCode: string, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = name.slice(0, 64 - suffix.length) + suffix;
    try {
      await assertNameFree(db, hospitalCode, candidate);
      return candidate;
    } catch (err) {
      if (!(err instanceof AppError) || n >= 100) throw err;
    }
  }
}

export const nameTaken = (name: string) => new AppError(409, 'CONFLICT', 'layoutNameTaken', { name });
