import { and, eq, exists, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client';
import { instance, series, study } from '../../platform/db/schema';
import { nameGroups, nameMatch, wildcardLike } from '../images';
import type { Level, QrRow } from './qr-attributes';
import type { Condition, QrQuery } from './qr-query';

/**
 * The Query/Retrieve conditions as SQL over the archive's tables: live studies of the caller's hospital
 * (not deleted) with live instances, joined study → instance → series, grouped by the query level.
 */

type Column = PgColumn;

/** Times are matched in the hospital's zone: the database session's (platform/core/time.ts), as `day` below is. */
const localTime = sql`to_char(${study.study_datetime}, 'HH24MISS')`;
const day = (d: string, plus = 0) =>
  new Date(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)) + plus);

const s2 = alias(series, 'qr_series');
const i2 = alias(instance, 'qr_instance');

const COLUMNS: Record<string, Column> = {
  PatientID: study.patient_id,
  PatientSex: study.patient_sex,
  StudyInstanceUID: study.study_iuid,
  AccessionNumber: study.accession_no,
  StudyDescription: study.study_desc,
  ReferringPhysicianName: study.sq_doctor,
  SeriesInstanceUID: series.series_iuid,
  Modality: series.modality,
  SeriesDescription: series.series_desc,
  SOPInstanceUID: instance.sop_iuid,
  SOPClassUID: instance.sop_class_uid,
};
const NUMBERS = { SeriesNumber: series.series_number, InstanceNumber: instance.instance_number } as const;

function conditionSql(key: string, c: Condition, db: Db): SQL | undefined {
  const column = COLUMNS[key];
  switch (c.kind) {
    case 'uid':
      return column && inArray(column, c.values);
    case 'text':
      return column && like(column, wildcardLike(c.value));
    case 'caseless':
      return column && ilike(column, wildcardLike(c.value));
    case 'name':
      return nameMatch(c.value);
    case 'person':
      return column && or(...nameGroups(c.value).map((g) => ilike(column, wildcardLike(g))));
    case 'number': {
      const n = NUMBERS[key as keyof typeof NUMBERS];
      return n && eq(n, c.value);
    }
    case 'date':
      return and(
        c.from ? gte(study.study_datetime, day(c.from)) : undefined,
        c.to ? lt(study.study_datetime, day(c.to, 1)) : undefined,
      );
    case 'time':
      return and(c.from ? sql`${localTime} >= ${c.from}` : undefined, c.to ? sql`${localTime} <= ${c.to}` : undefined);
    case 'list':
      if (key === 'ModalitiesInStudy') return modalitiesIn(db, c.values);
      return column && or(...c.values.map((v) => ilike(column, wildcardLike(v))));
  }
}

/** A study with a live instance in a series of one of these modalities. */
function modalitiesIn(db: Db, values: string[]): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(s2)
      .innerJoin(i2, and(eq(i2.series_pk, s2.pk), eq(i2.del_image, 0)))
      .where(and(eq(s2.study_pk, study.pk), or(...values.map((v) => ilike(s2.modality, wildcardLike(v)))))),
  );
}

/** Where a query's matches are: the hospital's live studies and instances, and every condition. */
export function whereOf(db: Db, hospitalCode: string, q: Pick<QrQuery, 'conditions'>): SQL {
  return and(
    eq(study.hospital_code, hospitalCode),
    eq(study.is_del, 0),
    ...Object.entries(q.conditions).map(([k, c]) => conditionSql(k, c, db)),
  )!;
}

const latest = (column: Column) =>
  sql<string>`(array_agg(${column} order by ${study.study_datetime} desc, ${study.pk} desc))[1]`;
const count = (what: SQL) => sql<number>`count(${what})`.mapWith(Number);
const agg = (column: Column) => sql<string | null>`string_agg(distinct nullif(${column}, ''), '\\')`;

const patientFields = {
  patient_id: study.patient_id,
  patient_name: study.patient_name,
  patient_pn: study.patient_pn,
  patient_sex: study.patient_sex,
  patient_age: study.patient_age,
};
const studyFields = {
  ...patientFields,
  study_iuid: study.study_iuid,
  study_datetime: study.study_datetime,
  accession_no: study.accession_no,
  study_desc: study.study_desc,
  sq_doctor: study.sq_doctor,
};
const seriesFields = {
  ...studyFields,
  series_iuid: series.series_iuid,
  modality: series.modality,
  series_number: series.series_number,
  series_desc: series.series_desc,
};

/** Each level's columns: the entity's own, those of the levels above, and its counts. */
const FIELDS = {
  PATIENT: {
    patient_id: study.patient_id,
    patient_name: latest(study.patient_name),
    patient_pn: latest(study.patient_pn),
    patient_sex: latest(study.patient_sex),
    studies: count(sql`distinct ${study.pk}`),
    series: count(sql`distinct ${series.pk}`),
    instances: count(sql`${instance.pk}`),
  },
  STUDY: {
    ...studyFields,
    modalities: agg(series.modality),
    sop_classes: agg(instance.sop_class_uid),
    series: count(sql`distinct ${series.pk}`),
    instances: count(sql`${instance.pk}`),
  },
  SERIES: { ...seriesFields, instances: count(sql`${instance.pk}`) },
  IMAGE: {
    ...seriesFields,
    sop_iuid: instance.sop_iuid,
    sop_class_uid: instance.sop_class_uid,
    instance_number: instance.instance_number,
    frame_count: instance.frame_count,
    transfer_syntax: instance.transfer_syntax,
  },
} as const;

const GROUP: Record<Level, Column[]> = {
  PATIENT: [study.patient_id],
  STUDY: [study.pk],
  SERIES: [series.pk, study.pk],
  IMAGE: [],
};
const ORDER: Record<Level, SQL[]> = {
  PATIENT: [sql`${study.patient_id}`],
  STUDY: [sql`${study.study_datetime} desc`, sql`${study.pk} desc`],
  SERIES: [sql`${study.study_datetime} desc`, sql`${series.series_number}`, sql`${series.pk}`],
  IMAGE: [sql`${series.series_number}`, sql`${series.pk}`, sql`${instance.instance_number}`, sql`${instance.pk}`],
};

/** At most `limit` matches at the query's level, with what its answers need. */
export async function matchesAt(db: Db, hospitalCode: string, q: QrQuery, limit: number): Promise<QrRow[]> {
  const query = db
    .select(FIELDS[q.level])
    .from(study)
    .innerJoin(instance, and(eq(instance.study_pk, study.pk), eq(instance.del_image, 0)))
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .where(whereOf(db, hospitalCode, q))
    .$dynamic();
  const grouped = GROUP[q.level].length ? query.groupBy(...GROUP[q.level]) : query;
  return (await grouped.orderBy(...ORDER[q.level]).limit(limit)) as QrRow[];
}
