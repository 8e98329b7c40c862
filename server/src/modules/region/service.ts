import { and, asc, eq, ne } from 'drizzle-orm';
import type { Locale } from '@shared/constants';
import type { RegionNode, RegionSaveSchema } from '@shared/schemas/admin-org';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { hospital, knowledgeNode, region, sysUser } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import type { Caller } from '../../platform/http/caller';
import { auditChange } from '../../platform/audit';
import { duplicate, isUniqueViolation, refuseWhileUsed } from '../../platform/conflict';

type RegionInput = z.output<typeof RegionSaveSchema>;
type RegionRecord = typeof region.$inferSelect;

/** Every region as a tree, siblings by sort then pk. */
export async function regionTree(db: DbOrTx): Promise<RegionNode[]> {
  const rows = await db.select().from(region).orderBy(asc(region.sort), asc(region.pk));
  const nodes = new Map<number, RegionNode>(rows.map((r) => [r.pk, { ...r, children: [] }]));
  const roots: RegionNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_pk === null ? undefined : nodes.get(node.parent_pk);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The parent must exist and must not be the region itself or one below it (that would make a loop). */
async function assertParent(tx: Tx, locale: Locale, pk: number | undefined, parent: number | null) {
  if (parent === null) return;
  const rows = await tx.select({ pk: region.pk, parent_pk: region.parent_pk }).from(region);
  const parentOf = new Map(rows.map((r) => [r.pk, r.parent_pk]));
  let at: number | null | undefined = parent;
  const seen = new Set<number>();
  const bad = () =>
    AppError.validation('orgRegionParent', [{ field: 'parent_pk', msg: translate(locale, 'orgRegionParent') }]);
  if (!parentOf.has(parent)) throw bad();
  while (at !== null && at !== undefined && !seen.has(at)) {
    if (at === pk) throw bad();
    seen.add(at);
    at = parentOf.get(at);
  }
}

/** Creates (no pk) or updates a region; its code is unique (409). */
export async function saveRegion(db: Db, who: Caller, v: RegionInput): Promise<RegionRecord> {
  try {
    return await db.transaction(async (tx) => {
      let before: RegionRecord | undefined;
      if (v.pk !== undefined) {
        [before] = await tx.select().from(region).where(eq(region.pk, v.pk)).for('update');
        if (!before) throw notFound();
      }
      await assertParent(tx, who.locale, v.pk, v.parent_pk);
      const taken = await tx.$count(region, and(eq(region.code, v.code), v.pk ? ne(region.pk, v.pk) : undefined));
      if (Number(taken)) throw duplicate(who.locale, 'code', v.code);
      const { pk: _pk, ...fields } = v;
      const [after] = before
        ? await tx.update(region).set(fields).where(eq(region.pk, before.pk)).returning()
        : await tx.insert(region).values(fields).returning();
      await auditChange(tx, who.me, {
        action: before ? 'region.update' : 'region.create',
        target: `region:${after!.pk}`,
        before: before ?? null,
        after: after!,
        ip: who.ip,
      });
      return after!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(who.locale, 'code', v.code);
    throw err;
  }
}

/** Deletes a region unless it has sub-regions, or users, hospitals or knowledge templates use it. */
export async function deleteRegion(db: Db, who: Caller, pk: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(region).where(eq(region.pk, pk)).for('update');
    if (!before) throw notFound();
    const key = String(pk);
    refuseWhileUsed(who.locale, 'orgRegionInUse', {
      children: Number(await tx.$count(region, eq(region.parent_pk, pk))),
      users: Number(await tx.$count(sysUser, eq(sysUser.region, key))),
      hospitals: Number(await tx.$count(hospital, eq(hospital.region, key))),
      templates: Number(await tx.$count(knowledgeNode, eq(knowledgeNode.region_pk, pk))),
    });
    await tx.delete(region).where(eq(region.pk, pk));
    await auditChange(tx, who.me, {
      action: 'region.delete',
      target: `region:${pk}`,
      before,
      after: null,
      ip: who.ip,
    });
  });
}
