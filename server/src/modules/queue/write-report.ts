import { and, eq } from 'drizzle-orm';
import { PERMISSIONS as P } from '@shared/permissions';
import { RegisterWriteReportSchema, type RegisterWriteReport } from '@shared/schemas/order-calls';
import { RegisterPkSchema, type QueueState } from '@shared/schemas/queue';
import { notFound } from '../../platform/core/errors';
import { allowedModalities } from '../../platform/hospital-scope';
import { registration, report, study } from '../../platform/db/schema';
import { newRouter } from '../../platform/http/router';
import { queueCtx, type QueueCtx } from './context';
import { wrongState } from './errors';
import { postRoute } from './post-route';

/** The patient has been in the room: the report can be written (before that there is nothing to report). */
export const WRITE_REPORT_STATES: readonly QueueState[] = ['called', 'checking', 'completed'];

/**
 * /register/writeReport: the report behind a registration, for the call panel's "write report" button, which
 * opens /writeRpt?study_iuid with it. Reads only; 404 for another hospital's, a deleted registration or study,
 * or one outside the caller's modalities; 409 while the patient has not been called in.
 */
export async function writeReportTarget(ctx: QueueCtx, pk: number): Promise<RegisterWriteReport> {
  const { me, locale } = ctx.who;
  const [row] = await ctx.db
    .select({
      pk: registration.pk,
      hospital_code: registration.hospital_code,
      is_del: registration.is_del,
      state: registration.state,
      study_pk: study.pk,
      study_iuid: study.study_iuid,
      accession_no: study.accession_no,
      modality: study.modality,
      study_del: study.is_del,
      rpt_status: report.rpt_status,
    })
    .from(registration)
    .innerJoin(study, eq(study.pk, registration.study_pk))
    .innerJoin(report, and(eq(report.study_pk, study.pk), eq(report.rpt_position, 1)))
    .where(eq(registration.pk, pk));
  if (!row || row.is_del || row.study_del) throw notFound();
  if (!me.isSuper && row.hospital_code !== me.hospital_code) throw notFound();
  const modalities = allowedModalities(me);
  if (modalities && !modalities.includes(row.modality)) throw notFound();
  const state = row.state as QueueState;
  if (!WRITE_REPORT_STATES.includes(state)) throw wrongState(locale, state);
  const { hospital_code: _h, is_del: _d, study_del: _s, modality: _m, ...answer } = row;
  return answer;
}

export function writeReportRoutes() {
  const app = newRouter();
  postRoute(app, {
    path: '/register/writeReport',
    tags: ['register'],
    summary:
      'The study behind a registration, to open its report (/writeRpt?study_iuid): called, checking or completed; 409 before, 404 out of scope',
    permission: P.DASHBOARD,
    body: RegisterPkSchema,
    answer: RegisterWriteReportSchema,
    handler: (c, v) => writeReportTarget(queueCtx(c), v.pk),
  });
  return app;
}
