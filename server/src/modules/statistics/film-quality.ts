import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FilmQualityRequest, FilmQualityRow } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { qualityRecord, statAttrDay, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { namesOf } from './hospital-count';
import { daysIn, inDays } from './range';

type Counts = Pick<FilmQualityRow, 'studies' | 'rated' | 'grade_a' | 'grade_b' | 'grade_c' | 'scrap'>;

const pct = (n: number, of: number) => (of ? Math.round((n / of) * 10000) / 100 : 0);
const withRates = (c: Counts) => ({
  ...c,
  a_rate: pct(c.grade_a, c.rated),
  good_rate: pct(c.grade_a + c.grade_b, c.rated),
  scrap_rate: pct(c.scrap, c.rated),
});

type Grouped = Counts & { code: string; modality: string };

/**
 * Film quality per hospital and modality: each live study of the range graded by the latest quality record of
 * its hospital that has an image grade (4 A, 3 B, 2 C, 1 scrap); sorted by hospital name and modality, then the
 * total row. Read from the counts kept per day (stat_attr_day, fact 'grade': "<grade>|<modality>").
 */
export async function filmQuality(db: Db, scope: HospitalScope, q: FilmQualityRequest, direct = false) {
  return asRows(db, direct ? await directGrouped(db, scope, q) : await keptGrouped(db, scope, q));
}

/** The same, counted over the range's studies and their quality records: what the exactness test compares. */
export const directFilmQuality = (db: Db, scope: HospitalScope, q: FilmQualityRequest) =>
  filmQuality(db, scope, q, true);

async function keptGrouped(db: Db, scope: HospitalScope, q: FilmQualityRequest): Promise<Grouped[]> {
  const t = statAttrDay;
  const grade = sql<string>`split_part(${t.value}, '|', 1)`;
  const modality = sql<string>`substr(${t.value}, strpos(${t.value}, '|') + 1)`;
  const graded = (g: number) => sql<number>`coalesce(sum(${t.studies}) filter (where ${grade} = ${String(g)}), 0)::int`;
  const rows = await db
    .select({
      code: t.hospital_code,
      modality,
      studies: sql<number>`sum(${t.studies})::int`,
      rated: sql<number>`coalesce(sum(${t.studies}) filter (where ${grade} in ('1', '2', '3', '4')), 0)::int`,
      grade_a: graded(4),
      grade_b: graded(3),
      grade_c: graded(2),
      scrap: graded(1),
    })
    .from(t)
    .where(
      and(
        eq(t.basis, 's'),
        eq(t.attr, 'grade'),
        inScope(scope, t.hospital_code),
        q.modality ? eq(modality, q.modality.toUpperCase()) : undefined,
        daysIn(t.day, q.startTime, q.endTime),
      ),
    )
    .groupBy(t.hospital_code, modality);
  return rows.filter((r) => r.studies > 0);
}

async function directGrouped(db: Db, scope: HospitalScope, q: FilmQualityRequest): Promise<Grouped[]> {
  const latest = db
    .selectDistinctOn([qualityRecord.study_iuid, qualityRecord.hospital_code], {
      study_iuid: qualityRecord.study_iuid,
      hospital_code: qualityRecord.hospital_code,
      grade: qualityRecord.image_quality,
    })
    .from(qualityRecord)
    .where(and(isNotNull(qualityRecord.image_quality), inScope(scope, qualityRecord.hospital_code)))
    .orderBy(
      qualityRecord.study_iuid,
      qualityRecord.hospital_code,
      desc(qualityRecord.create_time),
      desc(qualityRecord.pk),
    )
    .as('latest');
  const graded = (g: number) => sql<number>`count(*) filter (where ${latest.grade} = ${g})::int`;
  return db
    .select({
      code: study.hospital_code,
      modality: study.modality,
      studies: sql<number>`count(*)::int`,
      rated: sql<number>`count(*) filter (where ${latest.grade} between 1 and 4)::int`,
      grade_a: graded(4),
      grade_b: graded(3),
      grade_c: graded(2),
      scrap: graded(1),
    })
    .from(study)
    .leftJoin(latest, and(eq(latest.study_iuid, study.study_iuid), eq(latest.hospital_code, study.hospital_code)))
    .where(
      and(
        eq(study.is_del, 0),
        inScope(scope, study.hospital_code),
        q.modality ? eq(study.modality, q.modality.toUpperCase()) : undefined,
        inDays(study.study_datetime, q.startTime, q.endTime),
      ),
    )
    .groupBy(study.hospital_code, study.modality);
}

async function asRows(db: Db, rows: Grouped[]): Promise<FilmQualityRow[]> {
  const names = await namesOf(db, [...new Set(rows.map((r) => r.code))]);
  const list: FilmQualityRow[] = rows
    .map(({ code, modality, ...c }) => ({
      sn: names.get(code)?.sn ?? '',
      hospital_name: names.get(code)?.name ?? code,
      modality,
      ...withRates(c),
      total: false,
    }))
    .sort((a, b) => a.hospital_name.localeCompare(b.hospital_name) || a.modality.localeCompare(b.modality));
  const sum = (k: keyof Counts) => list.reduce((n, r) => n + r[k], 0);
  const total: Counts = {
    studies: sum('studies'),
    rated: sum('rated'),
    grade_a: sum('grade_a'),
    grade_b: sum('grade_b'),
    grade_c: sum('grade_c'),
    scrap: sum('scrap'),
  };
  return [...list, { sn: '', hospital_name: '', modality: '', ...withRates(total), total: true }];
}
