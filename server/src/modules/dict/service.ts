import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DictRow, DictSaveSchema } from '@shared/schemas/admin-config';
import type { z } from 'zod';
import type { DbOrTx, Db } from '../../platform/db/client';
import { dict } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { auditChange } from '../../platform/audit';
import type { Caller } from '../../platform/http/caller';

const ORDER = [asc(dict.sort), asc(dict.pk)];
const bad = (field: string, msg: string) => AppError.validation('validation', [{ field, msg }]);

/** The dictionaries: top-level entries, by sort. */
export function listParents(db: Db): Promise<DictRow[]> {
  return db
    .select()
    .from(dict)
    .where(isNull(dict.parent_pk))
    .orderBy(...ORDER);
}

/** The choices of the dictionary with this code, by sort (none when there is no such dictionary). */
export async function childrenOf(db: Db, code: string): Promise<DictRow[]> {
  const [parent] = await db
    .select({ pk: dict.pk })
    .from(dict)
    .where(and(isNull(dict.parent_pk), eq(dict.code, code)));
  if (!parent) return [];
  return db
    .select()
    .from(dict)
    .where(eq(dict.parent_pk, parent.pk))
    .orderBy(...ORDER);
}

const siblings = (parentPk: number | null): SQL =>
  parentPk === null ? isNull(dict.parent_pk) : eq(dict.parent_pk, parentPk);

async function parentOk(tx: DbOrTx, parentPk: number | null): Promise<boolean> {
  if (parentPk === null) return true;
  const [p] = await tx.select({ parent: dict.parent_pk }).from(dict).where(eq(dict.pk, parentPk));
  return !!p && p.parent === null;
}

/**
 * Creates (pk absent) or changes an entry. Two levels: a dictionary (no parent) and its choices; a code is
 * unique among its siblings. Saves take turns (advisory lock) so two cannot add the same code at once.
 */
export async function saveDict(db: Db, caller: Caller, input: z.output<typeof DictSaveSchema>): Promise<DictRow> {
  const { locale } = caller;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dict'))`);
    const before = input.pk === undefined ? undefined : (await tx.select().from(dict).where(eq(dict.pk, input.pk)))[0];
    if (input.pk !== undefined && !before) throw notFound();
    const parentPk = before ? before.parent_pk : (input.parent_pk ?? null);
    if (before && input.parent_pk !== undefined && input.parent_pk !== before.parent_pk) {
      throw bad('parent_pk', translate(locale, 'dictParent'));
    }
    if (!(await parentOk(tx, parentPk))) throw bad('parent_pk', translate(locale, 'dictParent'));
    const [taken] = await tx
      .select({ pk: dict.pk })
      .from(dict)
      .where(and(siblings(parentPk), eq(dict.code, input.code), before ? ne(dict.pk, before.pk) : undefined));
    if (taken) throw bad('code', translate(locale, 'dictExists'));
    const values = {
      code: input.code,
      name: input.name,
      name_en: input.name_en,
      value: input.value,
      sort: input.sort,
    };
    const [after] = before
      ? await tx.update(dict).set(values).where(eq(dict.pk, before.pk)).returning()
      : await tx
          .insert(dict)
          .values({ ...values, parent_pk: parentPk })
          .returning();
    await auditChange(tx, caller.me, {
      action: before ? 'dict_update' : 'dict_create',
      target: `dict:${after!.pk}`,
      before: before ?? null,
      after: after ?? null,
      ip: caller.ip,
    });
    return after!;
  });
}

/** Deletes an entry; a dictionary that still has choices stays (409). */
export async function deleteDict(db: Db, caller: Caller, pk: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dict'))`);
    const [before] = await tx.select().from(dict).where(eq(dict.pk, pk));
    if (!before) throw notFound();
    const [child] = await tx.select({ pk: dict.pk }).from(dict).where(eq(dict.parent_pk, pk)).limit(1);
    if (child) throw new AppError(409, 'CONFLICT', 'dictHasChildren');
    await tx.delete(dict).where(eq(dict.pk, pk));
    await auditChange(tx, caller.me, { action: 'dict_delete', target: `dict:${pk}`, before, ip: caller.ip });
    return 1;
  });
}
