import { and, count, eq, isNull, ne, or } from 'drizzle-orm';
import type { LayoutRow } from '@shared/schemas/layout';
import type { Db, DbOrTx } from '../../platform/db/client';
import { best } from '../../platform/db/layout-versions';
import { layoutTemplate, layoutVersion, report, study } from '../../platform/db/schema';
import type { Caller } from '../../platform/http/caller';
import { AppError } from '../../platform/core/errors';
import { isUniqueViolation } from '../../platform/conflict';
import { auditChange } from '../../platform/audit';
import { assertLive, draftOf, draftValues, lockedForChange, toRow, visible } from './editor';
import { nameTaken } from './names';

type Row = typeof layoutTemplate.$inferSelect;

/** The values a layout would go live with: its draft, or for a layout never activated its own columns. */
function pendingValues(r: Row) {
  const draft = draftValues(r);
  if (draft) return draft;
  if (r.active) return null;
  const kind = r.kind === 'apply' ? ('apply' as const) : ('report' as const);
  return { hospital_code: r.hospital_code, modality: r.modality, kind, name: r.name, elements: r.elements };
}

/**
 * Activates a layout's saved changes (or a new layout): they become its next version, and reports not yet
 * audited are drawn on it from now on; audited ones keep the version that stood at their audit. `version` is
 * the live version the administrator saw (409 when another activation came first). Audited, with how many
 * studies it affects.
 */
export async function activateLayout(db: Db, caller: Caller, pk: number, seen: number): Promise<LayoutRow> {
  try {
    return await db.transaction(async (tx) => {
      const row = await lockedForChange(tx, caller.me, pk);
      assertLive(row, seen);
      const values = pendingValues(row);
      if (!values) throw new AppError(409, 'CONFLICT', 'layoutNoDraft');
      const studies = await affected(tx, { ...row, ...values });
      const version = row.version + 1;
      const [after] = await tx
        .update(layoutTemplate)
        .set({ ...values, active: true, draft: null, version, update_time: new Date() })
        .where(eq(layoutTemplate.pk, pk))
        .returning();
      await tx.insert(layoutVersion).values({ ...values, layout_pk: pk, version, created_by: caller.me.username });
      await auditChange(tx, caller.me, {
        action: 'layout_activate',
        target: `layout_template:${pk}`,
        before: { name: row.name, version: row.version, active: row.active },
        after: { name: values.name, hospital_code: values.hospital_code, modality: values.modality, version, studies },
        ip: caller.ip,
      });
      return toRow(caller.me, after!);
    });
  } catch (err) {
    // The unique name index: a draft renamed onto a name taken since it was saved.
    if (!isUniqueViolation(err)) throw err;
    const row = await visible(db, caller.me, pk);
    throw nameTaken(draftOf(row)?.name ?? row.name);
  }
}

/** Drops an active layout's saved changes: its live version stays as it is. */
export async function discardDraft(db: Db, caller: Caller, pk: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedForChange(tx, caller.me, pk);
    const draft = draftOf(row);
    if (!row.active || !draft) throw new AppError(409, 'CONFLICT', 'layoutNoDraft');
    await tx.update(layoutTemplate).set({ draft: null }).where(eq(layoutTemplate.pk, pk));
    await auditChange(tx, caller.me, {
      action: 'layout_discard_draft',
      target: `layout_template:${pk}`,
      before: { name: draft.name, saved_by: draft.saved_by, saved_at: draft.saved_at },
      ip: caller.ip,
    });
  });
}

/** How many studies activating the layout's pending values would draw on it (see `affected`). */
export async function layoutImpact(db: Db, caller: Caller, pk: number): Promise<{ studies: number }> {
  const row = await visible(db, caller.me, pk);
  const values = pendingValues(row) ?? row;
  return { studies: await affected(db, { ...row, ...values }) };
}

/**
 * The studies (not in the bin) whose report, not yet audited, or application form would be drawn on this
 * layout once it is live: those of its hospital and modality for which it would be the best candidate.
 */
async function affected(
  db: DbOrTx,
  l: { pk: number; hospital_code: string; modality: string; kind: string },
): Promise<number> {
  const others = await db
    .select({ pk: layoutTemplate.pk, hospital_code: layoutTemplate.hospital_code, modality: layoutTemplate.modality })
    .from(layoutTemplate)
    .where(
      and(
        isNull(layoutTemplate.deleted_at),
        eq(layoutTemplate.active, true),
        eq(layoutTemplate.kind, l.kind),
        ne(layoutTemplate.pk, l.pk),
      ),
    );
  const unaudited = l.kind === 'report' ? or(isNull(report.rpt_status), ne(report.rpt_status, 2)) : undefined;
  const groups = await db
    .select({ hospital_code: study.hospital_code, modality: study.modality, n: count() })
    .from(study)
    .leftJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .where(
      and(
        isNull(study.deleted_at),
        l.hospital_code ? eq(study.hospital_code, l.hospital_code) : undefined,
        l.modality ? eq(study.modality, l.modality) : undefined,
        unaudited,
      ),
    )
    .groupBy(study.hospital_code, study.modality);
  const me = { pk: l.pk, hospital_code: l.hospital_code, modality: l.modality };
  // The candidates of a study as layoutFor sees them: its hospital's or the installation's, its modality or any.
  const placed = (h: string, m: string) =>
    [...others, me].filter((c) => [h, ''].includes(c.hospital_code) && [m, ''].includes(c.modality));
  return groups
    .filter((g) => best(placed(g.hospital_code, g.modality), g.hospital_code, g.modality)?.pk === l.pk)
    .reduce((sum, g) => sum + Number(g.n), 0);
}
