import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { OrderSort } from '@shared/schemas/order';
import type { Db } from '../../platform/db/client';
import { hospital, report, study } from '../../platform/db/schema';
import { orderBy, rowColumns, studyRowColumns, studySelect } from './query';

/** A limit keeps PostgreSQL from flattening the sorted subquery into the join (drizzle drops OFFSET 0). */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

export interface PageWindow {
  limit: number | Placeholder;
  offset: number | Placeholder;
}

/** A page's conditions: on the study's columns, and on its main report's (undefined when none). */
export interface PageWhere {
  study: SQL | undefined;
  report: SQL | undefined;
}

/**
 * One worklist page. The study rows are sorted (and, without a report condition, cut to the page) in a
 * subquery before the report is joined, so PostgreSQL joins the page's rows only, or walks the sorted
 * rows with index lookups until the page is full, instead of hashing every report first. The subquery
 * is named "study" so the row columns and sorts refer to it unchanged. A sort by a report column keeps
 * the plain join.
 */
export function pageQuery(db: Db, userPk: number | Placeholder, where: PageWhere, sort: OrderSort, page: PageWindow) {
  const sorts = orderBy(sort);
  // A sort by a report column (the priority reads the report's title too) keeps the plain join.
  if (sort.startsWith('report_') || sort.startsWith('priority')) {
    return studySelect(db, userPk)
      .where(and(where.study, where.report))
      .orderBy(...sorts)
      .limit(page.limit)
      .offset(page.offset);
  }
  const sorted = db
    .select(studyRowColumns)
    .from(study)
    .where(where.study)
    .orderBy(...sorts);
  const picked = (where.report ? sorted.limit(UNBOUNDED) : sorted.limit(page.limit).offset(page.offset)).as('study');
  const joined = db
    .select(rowColumns(userPk))
    .from(picked)
    .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .leftJoin(hospital, eq(hospital.code, study.hospital_code))
    .where(where.report)
    .orderBy(...sorts);
  return where.report ? joined.limit(page.limit).offset(page.offset) : joined;
}
