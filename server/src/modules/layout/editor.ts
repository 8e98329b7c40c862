import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { layoutProblems } from '@shared/report/layout-rules';
import type { LayoutRow, LayoutSave } from '@shared/schemas/layout';
import type { LayoutTemplate, TemplateElement } from '@shared/schemas/report';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db, DbOrTx } from '../../platform/db/client';
import { createLayout } from '../../platform/db/layout-versions';
import { layoutTemplate, layoutVersion } from '../../platform/db/schema';
import type { Caller } from '../../platform/http/caller';
import { AppError, forbidden, notFound } from '../../platform/core/errors';
import { translate } from '../../platform/core/i18n';
import { fmt } from '../../platform/core/time';
import { auditChange } from '../../platform/audit';
import { assertNameFree } from './names';
import { importTarget } from './service';

type Row = typeof layoutTemplate.$inferSelect;

/** Layouts a caller sees: every one for the super administrator, else their hospital's and the installation's. */
export function readScope(me: AuthUser) {
  if (me.isSuper) return undefined;
  return inArray(layoutTemplate.hospital_code, me.hospital_code ? [me.hospital_code, ''] : ['']);
}

/** The installation's layouts are the super administrator's; a hospital's, its staff's with point:edit. */
export const mayChange = (me: AuthUser, r: Pick<Row, 'hospital_code'>) =>
  me.isSuper || (!!r.hospital_code && r.hospital_code === me.hospital_code);

/** A saved change not yet activated (layout_template.draft). */
export interface LayoutDraft {
  hospital_code: string;
  modality: string;
  kind: 'report' | 'apply';
  name: string;
  elements: TemplateElement[];
  saved_by: string;
  saved_at: string;
}

export const draftOf = (r: Pick<Row, 'draft'>) => (r.draft as LayoutDraft | null) ?? null;

/** The draft's layout values, without who saved it and when; null without a draft. */
export function draftValues(r: Pick<Row, 'draft'>) {
  const draft = draftOf(r);
  if (!draft) return null;
  const { saved_by: _by, saved_at: _at, ...values } = draft;
  return values;
}

export const toRow = (me: AuthUser, r: Row): LayoutRow => ({
  pk: r.pk,
  name: r.name,
  active: r.active,
  pending: !r.active || !!r.draft,
  hospital_code: r.hospital_code,
  modality: r.modality,
  kind: r.kind === 'apply' ? 'apply' : 'report',
  version: r.version,
  update_time: fmt(r.update_time),
  editable: mayChange(me, r),
});

export async function listLayouts(
  db: Db,
  me: AuthUser,
  q: { hospital_code?: string | undefined; modality?: string | undefined; kind?: string | undefined },
): Promise<LayoutRow[]> {
  const rows = await db
    .select()
    .from(layoutTemplate)
    .where(
      and(
        isNull(layoutTemplate.deleted_at),
        readScope(me),
        me.isSuper && q.hospital_code !== undefined ? eq(layoutTemplate.hospital_code, q.hospital_code) : undefined,
        q.modality !== undefined ? eq(layoutTemplate.modality, q.modality) : undefined,
        q.kind !== undefined ? eq(layoutTemplate.kind, q.kind) : undefined,
      ),
    )
    .orderBy(asc(layoutTemplate.hospital_code), asc(layoutTemplate.modality), asc(layoutTemplate.pk));
  return rows.map((r) => toRow(me, r));
}

export async function visible(db: Db, me: AuthUser, pk: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(layoutTemplate)
    .where(and(eq(layoutTemplate.pk, pk), isNull(layoutTemplate.deleted_at), readScope(me)));
  if (!row) throw notFound();
  return row;
}

/** The layout, locked for the transaction, that the caller may change: 404 unseen, 403 another's to change. */
export async function lockedForChange(tx: DbOrTx, me: AuthUser, pk: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(layoutTemplate)
    .where(and(eq(layoutTemplate.pk, pk), isNull(layoutTemplate.deleted_at), readScope(me)))
    .for('update');
  if (!row) throw notFound();
  if (!mayChange(me, row)) throw forbidden('forbiddenHospital');
  return row;
}

/** The live version the caller started from must still be the live one: 409 with the current one otherwise. */
export function assertLive(row: Pick<Row, 'version'>, seen: number | undefined): void {
  if (seen === row.version) return;
  throw new AppError(409, 'STALE_VERSION', 'layoutStale', { version: row.version }, undefined, {
    version: row.version,
  });
}

/** A layout as its editor and preview see it: the draft where there is one. */
export async function getLayout(db: Db, me: AuthUser, pk: number): Promise<LayoutTemplate & LayoutRow> {
  const r = await visible(db, me, pk);
  const values = draftValues(r);
  if (values) return { ...toRow(me, r), ...values };
  return { ...toRow(me, r), elements: r.elements as TemplateElement[] };
}

function checked(caller: Caller, elements: TemplateElement[]) {
  const problems = layoutProblems(elements);
  if (!problems.length) return;
  throw AppError.validation(
    'validation',
    problems.slice(0, 20).map((p) => ({
      field: `elements.${p.uuid}`,
      msg: translate(caller.locale, 'layoutProblem', { uuid: p.uuid, problem: p.problem }),
    })),
  );
}

/**
 * Saves a layout as a draft, which no report uses until it is activated (`drafts.ts`): a new layout is
 * inactive; an active one keeps its live columns and takes the change in `draft`. The caller's starting
 * version must still be the live one (409 otherwise, nothing written). Audited in the same transaction.
 */
export async function saveLayout(db: Db, caller: Caller, input: LayoutSave): Promise<LayoutRow> {
  const { me } = caller;
  checked(caller, input.elements);
  const target = await importTarget(db, caller, { hospital_code: input.hospital_code, modality: input.modality });
  if (!target.hospital_code && !me.isSuper) throw forbidden('forbiddenHospital');
  if (input.pk === undefined) {
    return db.transaction(async (tx) => {
      const values = { ...target, kind: input.kind, name: input.name, elements: input.elements };
      await assertNameFree(tx, target.hospital_code, input.name);
      const { pk } = await createLayout(tx, values, me.username, { draft: true });
      await auditChange(tx, me, {
        action: 'layout_create',
        target: `layout_template:${pk}`,
        after: { name: input.name, ...target, kind: input.kind, active: false },
        ip: caller.ip,
      });
      const [row] = await tx.select().from(layoutTemplate).where(eq(layoutTemplate.pk, pk));
      return toRow(me, row!);
    });
  }
  const pk = input.pk;
  return db.transaction(async (tx) => {
    const before = await lockedForChange(tx, me, pk);
    assertLive(before, input.version);
    await assertNameFree(tx, target.hospital_code, input.name, pk);
    const values = { ...target, kind: input.kind, name: input.name, elements: input.elements };
    const now = new Date();
    const draft: LayoutDraft = { ...values, saved_by: me.username, saved_at: now.toISOString() };
    const [after] = await tx
      .update(layoutTemplate)
      .set(before.active ? { draft, update_time: now } : { ...values, update_time: now })
      .where(eq(layoutTemplate.pk, pk))
      .returning();
    await auditChange(tx, me, {
      action: 'layout_update',
      target: `layout_template:${pk}`,
      before: { name: before.name, hospital_code: before.hospital_code, modality: before.modality },
      after: { name: input.name, ...target, draft: true },
      ip: caller.ip,
    });
    return toRow(me, after!);
  });
}

/**
 * Withdraws a layout: reports written from now on take the next one in line; reports audited while it
 * stood keep it. The installation's last default layout stays (every report needs one).
 */
export async function withdrawLayout(db: Db, caller: Caller, pk: number): Promise<void> {
  const { me } = caller;
  await db.transaction(async (tx) => {
    const row = await lockedForChange(tx, me, pk);
    if (row.active && !row.hospital_code && !row.modality && row.kind === 'report') {
      const [other] = await tx
        .select({ pk: layoutTemplate.pk })
        .from(layoutTemplate)
        .where(
          and(
            eq(layoutTemplate.hospital_code, ''),
            eq(layoutTemplate.modality, ''),
            eq(layoutTemplate.kind, 'report'),
            eq(layoutTemplate.active, true),
            isNull(layoutTemplate.deleted_at),
            ne(layoutTemplate.pk, pk),
          ),
        )
        .limit(1);
      if (!other) throw new AppError(409, 'CONFLICT', 'layoutLastDefault');
    }
    await tx.update(layoutTemplate).set({ deleted_at: new Date() }).where(eq(layoutTemplate.pk, pk));
    await auditChange(tx, me, {
      action: 'layout_withdraw',
      target: `layout_template:${pk}`,
      before: { name: row.name, hospital_code: row.hospital_code, modality: row.modality, version: row.version },
      ip: caller.ip,
    });
  });
}

/** The versions of a layout, newest first (who saved each, when). */
export async function layoutVersions(db: Db, me: AuthUser, pk: number) {
  await visible(db, me, pk);
  const rows = await db
    .select({
      version: layoutVersion.version,
      name: layoutVersion.name,
      created_at: layoutVersion.created_at,
      created_by: layoutVersion.created_by,
    })
    .from(layoutVersion)
    .where(eq(layoutVersion.layout_pk, pk))
    .orderBy(desc(layoutVersion.version));
  return rows.map((r) => ({ ...r, created_at: fmt(r.created_at) }));
}
