import { asc, and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { instance, series, study } from '../../platform/db/schema';
import { Dataset } from './dimse';
import { rankOf, UNIQUE_KEY, LEVELS, type Level } from './qr-attributes';
import { levelOf, QueryRefused, valuesOf, type Condition, type Model } from './qr-query';
import { whereOf } from './qr-sql';
import { QR_STATUS, type Counts } from './qr-status';
import type { RetrieveOutcome } from './scp-operation';
import { DIMSE_STATUS } from './status';

/** More instances than this in one C-MOVE or C-GET: refused (0xA701), to be asked level by level. */
export const RETRIEVE_MAX_INSTANCES = 20_000;

export interface RetrieveItem {
  sop_iuid: string;
  sop_class_uid: string;
  transfer_syntax: string;
  storage_key: string;
}

/**
 * The keys that name what to retrieve (PS3.4 C.4.2.2.1): the query level's unique key, required, and
 * those of the levels above when given; UID lists, one PatientID. No wildcards: a retrieve names entities.
 */
function retrieveConditions(ds: Record<string, unknown>, model: Model): Record<string, Condition> {
  const level: Level = levelOf(ds, model);
  const conditions: Record<string, Condition> = {};
  for (const l of LEVELS.slice(0, rankOf(level) + 1)) {
    const key = UNIQUE_KEY[l];
    const values = valuesOf(ds[key]);
    if (!values.length) {
      if (l === level) throw new QueryRefused(QR_STATUS.identifierMismatch, `${key} is required at ${level} level`);
      continue;
    }
    if (values.some((v) => /[*?]/.test(v)))
      throw new QueryRefused(QR_STATUS.identifierMismatch, `${key} cannot be a wildcard in a retrieve`);
    if (l === 'PATIENT') {
      if (values.length > 1) throw new QueryRefused(QR_STATUS.identifierMismatch, 'One PatientID at a time');
      conditions[key] = { kind: 'text', value: values[0]! };
    } else conditions[key] = { kind: 'uid', values };
  }
  return conditions;
}

/** The hospital's live instances a C-MOVE or C-GET identifier names, in study, series and instance order. */
export async function retrieveItems(
  db: Db,
  hospitalCode: string,
  model: Model,
  identifier: Buffer,
  syntax: string,
): Promise<RetrieveItem[]> {
  let ds: Record<string, unknown>;
  try {
    ds = new Dataset(identifier, syntax).getElements() as Record<string, unknown>;
  } catch {
    throw new QueryRefused(DIMSE_STATUS.cannotUnderstand, 'The identifier cannot be read');
  }
  const conditions = retrieveConditions(ds, model);
  if (!hospitalCode) return [];
  const rows = await db
    .select({
      sop_iuid: instance.sop_iuid,
      sop_class_uid: instance.sop_class_uid,
      transfer_syntax: instance.transfer_syntax,
      storage_key: instance.storage_key,
    })
    .from(study)
    .innerJoin(instance, and(eq(instance.study_pk, study.pk), eq(instance.del_image, 0)))
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .where(whereOf(db, hospitalCode, { conditions }))
    .orderBy(
      asc(study.study_datetime),
      asc(study.pk),
      asc(series.series_number),
      asc(series.pk),
      asc(instance.instance_number),
      asc(instance.pk),
    )
    .limit(RETRIEVE_MAX_INSTANCES + 1);
  if (rows.length > RETRIEVE_MAX_INSTANCES)
    throw new QueryRefused(
      QR_STATUS.tooManyToRetrieve,
      `More than ${RETRIEVE_MAX_INSTANCES} instances: retrieve by series`,
    );
  return rows;
}

export type SubResult = 'completed' | 'warning' | 'failed';

/** The sub-operations of one retrieve: their counts as they go, and the final status they make. */
export class SubOperations {
  readonly counts: Counts;
  readonly failedUids: string[] = [];

  constructor(total: number) {
    this.counts = { remaining: total, completed: 0, failed: 0, warning: 0 };
  }

  done(sopIuid: string, result: SubResult): void {
    this.counts.remaining--;
    this.counts[result]++;
    if (result === 'failed') this.failedUids.push(sopIuid);
  }

  /**
   * Cancelled: 0xFE00. Otherwise 0x0000 when every one was stored; 0xA702 when none was (nothing could be
   * performed); 0xB000 when some failed or were stored with a warning (PS3.4 C.4.2.1.5, C.4.3.1.4).
   */
  outcome(cancelled: boolean): RetrieveOutcome {
    const c = this.counts;
    const status = cancelled
      ? QR_STATUS.cancel
      : !c.failed && !c.warning
        ? DIMSE_STATUS.success
        : !c.completed && !c.warning
          ? QR_STATUS.subOperationsFailed
          : QR_STATUS.subOperationsWarning;
    return { status, counts: { ...c }, failedUids: [...this.failedUids] };
  }
}

/** A retrieve refused before any sub-operation. */
export const refusedRetrieve = (status: number, comment: string): RetrieveOutcome => ({
  status,
  comment,
  counts: { remaining: 0, completed: 0, failed: 0, warning: 0 },
  failedUids: [],
});
