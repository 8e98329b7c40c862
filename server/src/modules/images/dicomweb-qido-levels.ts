import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { QidoQuery } from '@shared/schemas/dicomweb';
import type { Db } from '../../platform/db/client';
import { instance, series, study } from '../../platform/db/schema';
import type { JsonDataSet } from './dicomweb-json';
import {
  key,
  list,
  num,
  str,
  studyAttributes,
  instanceColumns,
  studyColumns,
  studyExtras,
  studyMatch,
  studyScope,
  type StudyColumns,
  type Viewer,
} from './dicomweb-qido';

/**
 * QIDO-RS below the study level: series and instances of every study the viewer may see (`/series`,
 * `/instances`) or of one study (`study`), matched on the study's keys too (PatientName on every group of the
 * name, as at the study level), newest study first, then series and instance order.
 */
export interface LevelScope {
  /** One study (its UID); none: every study in scope. */
  study?: string;
  /** One series (the path's). */
  series?: string;
}

/** Rows per page when the query names no limit: 100 across studies (as for studies), all of one study. */
const defaultLimit = (s: LevelScope, perStudy: number) => (s.study ? perStudy : 100);

const seriesColumns = {
  series_iuid: series.series_iuid,
  modality: series.modality,
  series_number: series.series_number,
  series_desc: series.series_desc,
};

function seriesMatch(q: QidoQuery, s: LevelScope) {
  const modalities = list(key(q, 'Modality', '00080060'));
  const uids = s.series ? [s.series] : list(key(q, 'SeriesInstanceUID', '0020000E'));
  return and(
    s.study ? eq(study.study_iuid, s.study) : undefined,
    modalities?.length ? inArray(series.modality, modalities) : undefined,
    uids?.length ? inArray(series.series_iuid, uids) : undefined,
  );
}

export async function findSeries(db: Db, v: Viewer, q: QidoQuery, s: LevelScope) {
  return db
    .select({ ...studyColumns, ...seriesColumns, instances: sql<number>`count(${instance.pk})`.mapWith(Number) })
    .from(series)
    .innerJoin(study, eq(study.pk, series.study_pk))
    .innerJoin(instance, and(eq(instance.series_pk, series.pk), eq(instance.del_image, 0)))
    .where(and(studyScope(v), studyMatch(db, q), seriesMatch(q, s)))
    .groupBy(study.pk, series.pk)
    .orderBy(desc(study.study_datetime), desc(study.pk), asc(series.series_number), asc(series.pk))
    .limit(q.limit ?? defaultLimit(s, 1000))
    .offset(q.offset ?? 0);
}
export type SeriesRow = Awaited<ReturnType<typeof findSeries>>[number];

export async function findInstances(db: Db, v: Viewer, q: QidoQuery, s: LevelScope, maxRows?: number) {
  const sops = list(key(q, 'SOPInstanceUID', '00080018'));
  const limit = Math.min(q.limit ?? defaultLimit(s, 100_000), maxRows ?? Infinity);
  return db
    .select({
      ...studyColumns,
      ...seriesColumns,
      ...instanceColumns,
    })
    .from(instance)
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .innerJoin(study, eq(study.pk, instance.study_pk))
    .where(
      and(
        eq(instance.del_image, 0),
        studyScope(v),
        studyMatch(db, q),
        seriesMatch(q, s),
        sops?.length ? inArray(instance.sop_iuid, sops) : undefined,
      ),
    )
    .orderBy(
      desc(study.study_datetime),
      desc(study.pk),
      asc(series.series_number),
      asc(series.pk),
      asc(instance.instance_number),
      asc(instance.pk),
    )
    .limit(limit)
    .offset(q.offset ?? 0);
}
export type InstanceRow = Awaited<ReturnType<typeof findInstances>>[number];

type SeriesColumns = Pick<SeriesRow, keyof typeof seriesColumns>;

function seriesAttributes(r: StudyColumns & SeriesColumns, base: string): JsonDataSet {
  return {
    '00080060': str('CS', r.modality),
    '0008103E': str('LO', r.series_desc),
    '0020000E': str('UI', r.series_iuid),
    '00200011': num('IS', r.series_number),
    '00081190': str('UR', `${base}/studies/${r.study_iuid}/series/${r.series_iuid}`),
  };
}

/** What a series row answers: its study's attributes (the patient's name with every group), the series', counts. */
export function seriesAnswerable(r: SeriesRow, base: string): JsonDataSet {
  return {
    ...studyAttributes(r),
    ...studyExtras(r),
    ...seriesAttributes(r, base),
    '00201209': num('IS', r.instances),
  };
}

/** What an instance row answers: its study's and series' attributes, and the instance's own. */
export function instanceAnswerable(r: InstanceRow, base: string): JsonDataSet {
  return {
    ...studyAttributes(r),
    ...studyExtras(r),
    ...seriesAttributes(r, base),
    '00080016': str('UI', r.sop_class_uid),
    '00080018': str('UI', r.sop_iuid),
    '00081190': str('UR', `${base}/studies/${r.study_iuid}/series/${r.series_iuid}/instances/${r.sop_iuid}`),
    '00083002': str('UI', r.transfer_syntax),
    '00200013': num('IS', r.instance_number),
    '00280008': num('IS', r.frame_count),
    '00280010': num('US', r.rows),
    '00280011': num('US', r.cols),
  };
}

/** The study attributes every level answers by default (the patient's name among them). */
const STUDY_DEFAULTS = [
  '00080005',
  '00080020',
  '00080030',
  '00080050',
  '00080090',
  '00081030',
  '00100010',
  '00100020',
  '00100030',
  '00100040',
  '00101010',
  '0020000D',
  '00200010',
];
export const SERIES_DEFAULTS = [
  ...STUDY_DEFAULTS,
  '00080060',
  '0008103E',
  '00081190',
  '0020000E',
  '00200011',
  '00201209',
];
export const INSTANCE_DEFAULTS = [
  ...STUDY_DEFAULTS,
  '00080016',
  '00080018',
  '00080060',
  '00081190',
  '00083002',
  '0020000E',
  '00200013',
  '00280008',
  '00280010',
  '00280011',
];

/**
 * Every tag an instance row answers with a value (instanceAnswerable's keys but birth date and study ID, which
 * the archive does not keep): anything else asked for is read from the stored file.
 */
export const INSTANCE_ROW_TAGS: ReadonlySet<string> = new Set(
  [...INSTANCE_DEFAULTS, '00080056', '00321032', '0008103E', '00200011'].filter(
    (tag) => tag !== '00100030' && tag !== '00200010',
  ),
);
