import { and, asc, desc, eq, exists, gte, ilike, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { QidoQuery } from '@shared/schemas/dicomweb';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { instance, series, study } from '../../platform/db/schema';
import { personName, type JsonAttribute, type JsonDataSet } from './dicomweb-json';
import { nameGroups, wildcardLike } from './dicom-match';

/** Who is asking: a signed-in user (their hospital and modalities), or a viewer token (its one study). */
export type Viewer = { user: AuthUser } | { studyPk: number };

/** The studies a viewer may see: not deleted, in their hospital (all for the super administrator), their modalities. */
export function studyScope(v: Viewer): SQL {
  const live = eq(study.is_del, 0);
  if ('studyPk' in v) return and(live, eq(study.pk, v.studyPk))!;
  const { user } = v;
  return and(
    live,
    user.isSuper ? undefined : eq(study.hospital_code, user.hospital_code),
    user.modalities.length ? inArray(study.modality, user.modalities) : undefined,
  )!;
}

/** A QIDO value, by keyword or tag. */
export function key<K extends keyof QidoQuery>(q: QidoQuery, name: K, tag: string): QidoQuery[K] | undefined {
  return q[name] ?? ((q as Record<string, unknown>)[tag] as QidoQuery[K] | undefined);
}
export const list = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? v.join(',') : v)
    ?.split(/[,\\]/)
    .map((s) => s.trim())
    .filter(Boolean);

function textMatch(column: Parameters<typeof like>[0], v: string | undefined, caseless = false): SQL | undefined {
  if (!v || v === '*') return undefined;
  return (caseless ? ilike : like)(column, wildcardLike(v));
}

/** A group of the stored PN as a display name ('Li^Si' -> 'Li Si'), in SQL. */
const PN_SEPARATORS = String.raw`\s*\^+\s*`;
const pnGroup = (n: 1 | 3) =>
  sql`btrim(regexp_replace(split_part(${study.patient_pn}, '=', ${sql.raw(String(n))}), ${PN_SEPARATORS}, ' ', 'g'))`;

/**
 * A PN query against every group of the name: the stored display name (the ideographic group when there is
 * one, as the worklist shows it) and the PN's alphabetic and phonetic groups.
 */
export function nameMatch(v: string | undefined): SQL | undefined {
  if (!v || v === '*') return undefined;
  return or(
    ...nameGroups(v).map((g) => {
      const pattern = wildcardLike(g);
      return or(ilike(study.patient_name, pattern), ilike(pnGroup(1), pattern), ilike(pnGroup(3), pattern));
    }),
  );
}

function dateMatch(v: string | undefined): SQL | undefined {
  if (!v) return undefined;
  const [from, to] = v.includes('-') ? v.split('-') : [v, v];
  const day = (d: string) => new Date(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8)));
  const next = (d: string) => {
    const at = day(d);
    at.setDate(at.getDate() + 1);
    return at;
  };
  return and(
    from ? gte(study.study_datetime, day(from)) : undefined,
    to ? lt(study.study_datetime, next(to)) : undefined,
  );
}

const s2 = alias(series, 'qido_series');
const i2 = alias(instance, 'qido_instance');

export interface StudyRow extends StudyColumns {
  series: number;
  instances: number;
  modalities: string | null;
}

/**
 * The study-level matching keys (PatientID, PatientName, StudyDate, AccessionNumber, StudyDescription,
 * StudyInstanceUID, ModalitiesInStudy) as a condition on `study`: the same at every level of the search.
 */
export function studyMatch(db: Db, q: QidoQuery): SQL | undefined {
  const modalities = list(key(q, 'ModalitiesInStudy', '00080061'));
  const uids = list(key(q, 'StudyInstanceUID', '0020000D'));
  return and(
    uids?.length ? inArray(study.study_iuid, uids) : undefined,
    textMatch(study.patient_id, key(q, 'PatientID', '00100020')),
    nameMatch(key(q, 'PatientName', '00100010')),
    dateMatch(key(q, 'StudyDate', '00080020')),
    textMatch(study.accession_no, key(q, 'AccessionNumber', '00080050')),
    textMatch(study.study_desc, key(q, 'StudyDescription', '00081030'), true),
    modalities?.length
      ? exists(
          db
            .select({ one: sql`1` })
            .from(s2)
            .innerJoin(i2, and(eq(i2.series_pk, s2.pk), eq(i2.del_image, 0)))
            .where(and(eq(s2.study_pk, study.pk), inArray(s2.modality, modalities))),
        )
      : undefined,
  );
}

/** The study columns every level answers with (a series' or an instance's study too). */
export const studyColumns = {
  study_iuid: study.study_iuid,
  patient_id: study.patient_id,
  patient_name: study.patient_name,
  patient_pn: study.patient_pn,
  patient_sex: study.patient_sex,
  patient_age: study.patient_age,
  accession_no: study.accession_no,
  study_desc: study.study_desc,
  study_datetime: study.study_datetime,
  sq_doctor: study.sq_doctor,
};
export type StudyColumns = Pick<typeof study.$inferSelect, keyof typeof studyColumns>;

/** Studies with live images that match, newest first. */
export async function searchStudies(db: Db, v: Viewer, q: QidoQuery): Promise<StudyRow[]> {
  const where = and(studyScope(v), studyMatch(db, q));
  return db
    .select({
      ...studyColumns,
      series: sql<number>`count(distinct ${series.pk})`.mapWith(Number),
      instances: sql<number>`count(${instance.pk})`.mapWith(Number),
      modalities: sql<string | null>`string_agg(distinct nullif(${series.modality}, ''), '\\')`,
    })
    .from(study)
    .innerJoin(instance, and(eq(instance.study_pk, study.pk), eq(instance.del_image, 0)))
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .where(where)
    .groupBy(study.pk)
    .orderBy(desc(study.study_datetime), desc(study.pk))
    .limit(q.limit ?? 100)
    .offset(q.offset ?? 0);
}

/** The study's pk when the viewer may see it (and it has live images), else null. */
export async function visibleStudyPk(db: Db, v: Viewer, studyIuid: string): Promise<number | null> {
  const [row] = await db
    .select({ pk: study.pk })
    .from(study)
    .where(and(studyScope(v), eq(study.study_iuid, studyIuid)))
    .limit(1);
  return row?.pk ?? null;
}

/** Live instances of a study (one series, or one instance, when named), in series then instance order. */
/** The instance columns every instance-level answer reads. */
export const instanceColumns = {
  sop_iuid: instance.sop_iuid,
  sop_class_uid: instance.sop_class_uid,
  instance_number: instance.instance_number,
  transfer_syntax: instance.transfer_syntax,
  frame_count: instance.frame_count,
  rows: instance.rows,
  cols: instance.cols,
  storage_key: instance.storage_key,
};

export async function liveInstances(
  db: Db,
  studyPk: number,
  o: { series?: string[]; sops?: string[]; limit?: number; offset?: number } = {},
) {
  return db
    .select({
      series_iuid: series.series_iuid,
      modality: series.modality,
      ...instanceColumns,
      size_bytes: instance.size_bytes,
    })
    .from(instance)
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .where(
      and(
        eq(instance.study_pk, studyPk),
        eq(instance.del_image, 0),
        o.series?.length ? inArray(series.series_iuid, o.series) : undefined,
        o.sops?.length ? inArray(instance.sop_iuid, o.sops) : undefined,
      ),
    )
    .orderBy(asc(series.series_number), asc(series.pk), asc(instance.instance_number), asc(instance.pk))
    .limit(o.limit ?? 100_000)
    .offset(o.offset ?? 0);
}
export type LiveInstance = Awaited<ReturnType<typeof liveInstances>>[number];

export const str = (vr: string, v: string | null | undefined): JsonAttribute => (v ? { vr, Value: [v] } : { vr });
export const num = (vr: string, v: number | null | undefined): JsonAttribute =>
  v === null || v === undefined ? { vr } : { vr, Value: [v] };
const pad = (n: number) => String(n).padStart(2, '0');
const CJK = /[\u3400-\u9fff]/u;

/**
 * The stored display name as a PN (the archive keeps only that; WADO-RS metadata has the file's own groups).
 * A CJK name is the ideographic group, and the alphabetic one too: study lists (OHIF, Orthanc) show only that.
 */
function storedName(name: string): JsonAttribute {
  if (!name) return { vr: 'PN' };
  if (CJK.test(name)) return { vr: 'PN', Value: [{ Alphabetic: name, Ideographic: name }] };
  return { vr: 'PN', Value: [personName(name.replace(/\s+/g, '^'))] };
}

/**
 * The study's attributes its row answers, at every level (a series' and an instance's study too): the patient,
 * the study date, time, accession, description and UID; the requesting doctor as referring physician.
 */
export function studyAttributes(r: StudyColumns): JsonDataSet {
  const d = r.study_datetime;
  const age = /^(\d{1,3})([YMD])$/.exec(r.patient_age);
  return {
    '00080005': { vr: 'CS', Value: ['ISO_IR 192'] },
    '00080020': str('DA', `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`),
    '00080030': str('TM', `${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`),
    '00080050': str('SH', r.accession_no),
    '00080090': storedName(r.sq_doctor),
    '00081030': str('LO', r.study_desc),
    '00100010': r.patient_pn ? { vr: 'PN', Value: [personName(r.patient_pn)] } : storedName(r.patient_name),
    '00100020': str('LO', r.patient_id),
    '00100030': { vr: 'DA' },
    '00100040': str('CS', r.patient_sex),
    '00101010': age ? str('AS', `${age[1]!.padStart(3, '0')}${age[2]}`) : { vr: 'AS' },
    '0020000D': str('UI', r.study_iuid),
    '00200010': { vr: 'SH' },
  };
}

/** Attributes only `includefield` asks for, at every level: the images are online; the requesting doctor. */
export function studyExtras(r: StudyColumns): JsonDataSet {
  return { '00080056': { vr: 'CS', Value: ['ONLINE'] }, '00321032': storedName(r.sq_doctor) };
}

/** The study level attributes OHIF's and Weasis's study lists show (PS3.18 10.6.3.3.1). */
export function studyJson(r: StudyRow, base: string): JsonDataSet {
  return {
    ...studyAttributes(r),
    '00080061': r.modalities ? { vr: 'CS', Value: r.modalities.split('\\') } : { vr: 'CS' },
    '00081190': str('UR', `${base}/studies/${r.study_iuid}`),
    '00201206': num('IS', r.series),
    '00201208': num('IS', r.instances),
  };
}
