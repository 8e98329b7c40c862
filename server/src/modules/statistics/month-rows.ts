import type { Context } from 'hono';
import type { MonthCountRequest } from '@shared/schemas/statistics';
import type { AppEnv } from '../../platform/context';
import { AppError } from '../../platform/core/errors';
import { localeOf, translate } from '../../platform/core/i18n';
import { hospitalScope } from '../../platform/hospital-scope';
import { monthCountByBodyPart, type MonthCountQuery } from './month-count';

/**
 * A period (month, or startTime and endTime) and the hospital are required (spec 5, 8): the spec's own
 * message, naming the missing field. The range wins over the month.
 */
function requireMonthAndHospital(c: Context<AppEnv>, q: MonthCountRequest): MonthCountQuery & { sn: string } {
  const period =
    q.startTime && q.endTime ? { start: q.startTime, end: q.endTime } : q.month ? { month: q.month } : null;
  const missing = [...(period ? [] : ['month' as const]), ...(q.sn ? [] : ['sn' as const])];
  if (period && q.sn)
    return { period, sn: q.sn, queryType: q.queryType, patient_type: q.patient_type, modality: q.modality };
  const text = translate(localeOf(c.req.header('accept-language')), 'statsMonthHospital');
  throw AppError.validation(
    'statsMonthHospital',
    missing.map((field) => ({ field, msg: text })),
  );
}

export async function monthRows(c: Context<AppEnv>, q: MonthCountRequest) {
  const { sn, ...query } = requireMonthAndHospital(c, q);
  const scope = await hospitalScope(c.var.deps.db, c.var.user, sn);
  return monthCountByBodyPart(c.var.deps.db, scope, query);
}
