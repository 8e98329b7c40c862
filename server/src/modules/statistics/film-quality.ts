import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FilmQualityRequest, FilmQualityRow } from '@shared/schemas/statistics';
import type { Db } from '../../platform/db/client';
import { qualityRecord, study } from '../../platform/db/schema';
import { inScope, type HospitalScope } from '../../platform/hospital-scope';
import { namesOf } from './hospital-count';
import { inDays } from './range';

type Counts = Pick<FilmQualityRow, 'studies' | 'rated' | 'grade_a' | 'grade_b' | 'grade_c' | 'scrap'>;

const pct = (n: number, of: number) => (of ? Math.round((n / of) * 10000) / 100 : 0);
const withRates = (c: Counts) => ({
  ...c,
  a_rate: pct(c.grade_a, c.rated),
  good_rate: pct(c.grade_a + c.grade_b, c.rated),
  scrap_rate: pct(c.scrap, c.rated),
});

/**
 * Film quality per hospital and modality: each live study of the range graded by its latest quality record
 * that has an image grade (4 A, 3 B, 2 C, 1 scrap); sorted by hospital name and modality, then the total row.
 */
export async function filmQuality(db: Db, scope: HospitalScope, q: FilmQualityRequest): Promise<FilmQualityRow[]> {
  const latest = db
    .selectDistinctOn([qualityRecord.study_iuid], {
      study_iuid: qualityRecord.study_iuid,
      hospital_code: qualityRecord.hospital_code,
      grade: qualityRecord.image_quality,
    })
    .from(qualityRecord)
    .where(and(isNotNull(qualityRecord.image_quality), inScope(scope, qualityRecord.hospital_code)))
    .orderBy(qualityRecord.study_iuid, desc(qualityRecord.create_time), desc(qualityRecord.pk))
    .as('latest');
  const graded = (g: number) => sql<number>`count(*) filter (where ${latest.grade} = ${g})::int`;
  const rows = await db
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
