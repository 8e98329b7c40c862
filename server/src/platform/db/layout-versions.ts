import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { LayoutTemplate, TemplateElement } from '@shared/schemas/report';
import type { Db, DbOrTx } from './client';
import { preparedPerDb } from './prepared';
import { layoutTemplate, layoutVersion } from './schema';

export interface NewLayout {
  hospital_code: string;
  modality: string;
  kind?: 'report' | 'apply';
  name: string;
  elements: TemplateElement[];
}

/**
 * A new layout (pass the transaction): active, with its version 1 written beside it; or with `draft` a layout
 * no report uses until it is activated (version 0, no version row yet).
 */
export async function createLayout(
  db: DbOrTx,
  values: NewLayout,
  by: string,
  opts: { draft?: boolean } = {},
): Promise<{ pk: number; name: string }> {
  const [row] = await db
    .insert(layoutTemplate)
    .values({ ...values, ...(opts.draft ? { active: false, version: 0 } : {}) })
    .returning({ pk: layoutTemplate.pk, name: layoutTemplate.name, create_time: layoutTemplate.create_time });
  if (!opts.draft) {
    await db
      .insert(layoutVersion)
      .values({ ...values, layout_pk: row!.pk, version: 1, created_at: row!.create_time, created_by: by });
  }
  return { pk: row!.pk, name: row!.name };
}

/** When the study's (first) report was audited, if it is: its layout is the one that stood then. */
export const auditedAt = (main: { rpt_status: number; sh_datetime: Date | null }) =>
  main.rpt_status === 2 ? main.sh_datetime : null;

interface Candidate {
  pk: number;
  hospital_code: string;
  modality: string;
}

/** Hospital + modality, else the hospital's default, else the installation's default; lowest pk on a tie. */
export function best<T extends Candidate>(rows: T[], hospitalCode: string, modality: string): T | null {
  const rank = (t: T) => (t.hospital_code === hospitalCode ? 0 : 2) + (t.modality === modality ? 0 : 1);
  return rows.sort((a, b) => rank(a) - rank(b) || a.pk - b.pk)[0] ?? null;
}

/**
 * The layout a report of this hospital and modality is shown on. `auditedAt` (an audited report's
 * `sh_datetime`): the layouts as they stood then, each at its latest version of that time, so a layout
 * changed, added or withdrawn later does not change an audited report. Reports audited before any
 * version was kept, and reports not audited, get today's layouts.
 */
export async function layoutFor(
  db: Db,
  hospitalCode: string,
  modality: string,
  auditedAt: Date | null,
  kind: 'report' | 'apply' = 'report',
): Promise<LayoutTemplate | null> {
  const where = { hospital: hospitalCode, modality, kind };
  if (auditedAt) {
    const versions = await layoutsThen(db).execute({ ...where, at: auditedAt.toISOString() });
    const then = best(versions, hospitalCode, modality);
    if (then) return { ...then, elements: then.elements as TemplateElement[] };
  }
  const now = best(await layoutsNow(db).execute(where), hospitalCode, modality);
  return now ? { ...now, elements: now.elements as TemplateElement[] } : null;
}

/** The layouts of the hospital (or all hospitals) and the modality (or all), of one kind. */
const placed = (t: typeof layoutTemplate | typeof layoutVersion) =>
  and(
    inArray(t.hospital_code, [sql.placeholder('hospital'), '']),
    inArray(t.modality, [sql.placeholder('modality'), '']),
    eq(t.kind, sql.placeholder('kind')),
  );

/** Each candidate layout at its latest version of time `at`, unless it was withdrawn by then. */
const layoutsThen = preparedPerDb((db) =>
  db
    .selectDistinctOn([layoutVersion.layout_pk], {
      pk: layoutVersion.layout_pk,
      version: layoutVersion.version,
      name: layoutVersion.name,
      hospital_code: layoutVersion.hospital_code,
      modality: layoutVersion.modality,
      elements: layoutVersion.elements,
    })
    .from(layoutVersion)
    .innerJoin(layoutTemplate, eq(layoutTemplate.pk, layoutVersion.layout_pk))
    .where(
      and(
        placed(layoutVersion),
        lte(layoutVersion.created_at, sql.placeholder('at')),
        or(isNull(layoutTemplate.deleted_at), gt(layoutTemplate.deleted_at, sql.placeholder('at'))),
      ),
    )
    .orderBy(layoutVersion.layout_pk, desc(layoutVersion.version))
    .prepare('rx_layouts_then'),
);

/** Each candidate layout as it is now. */
const layoutsNow = preparedPerDb((db) =>
  db
    .select({
      pk: layoutTemplate.pk,
      version: layoutTemplate.version,
      name: layoutTemplate.name,
      hospital_code: layoutTemplate.hospital_code,
      modality: layoutTemplate.modality,
      elements: layoutTemplate.elements,
    })
    .from(layoutTemplate)
    .where(and(placed(layoutTemplate), isNull(layoutTemplate.deleted_at), eq(layoutTemplate.active, true)))
    .prepare('rx_layouts_now'),
);
