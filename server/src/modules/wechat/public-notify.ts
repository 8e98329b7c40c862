import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context';
import { hospital, report, study, sysUser, wechatMpBind, wechatMpNotice } from '../../platform/db/schema';
import { loggableError } from '../../platform/core/log-error';
import { fmt } from '../../platform/core/time';
import { callWithToken } from './access-token';
import { loadAccount } from './account';

/** Whom a report-ready notice goes to, with what; null when nobody should be told. */
async function noticeFor(deps: AppDeps, rptPk: number, auditorPk: number) {
  const [row] = await deps.db
    .select({
      open_id: wechatMpBind.open_id,
      hospital_code: wechatMpBind.hospital_code,
      template_id: wechatMpNotice.report_template_id,
      patient_name: study.patient_name,
      modality: study.modality,
      study_desc: study.study_desc,
      sh_doctor: report.sh_doctor,
      sh_datetime: report.sh_datetime,
    })
    .from(report)
    .innerJoin(study, eq(study.pk, report.study_pk))
    .innerJoin(sysUser, sql`${sysUser.uuid}::text = ${report.report_doctor_uuid}`)
    .innerJoin(wechatMpBind, eq(wechatMpBind.user_pk, sysUser.pk))
    .innerJoin(hospital, eq(hospital.code, sysUser.hospital_code))
    .innerJoin(wechatMpNotice, eq(wechatMpNotice.hospital_code, wechatMpBind.hospital_code))
    .where(
      and(
        eq(report.rpt_pk, rptPk),
        eq(report.rpt_status, 2),
        sql`${sysUser.pk} <> ${auditorPk}`,
        eq(sysUser.status, 1),
        eq(hospital.accept_wx_msg, 1),
        sql`coalesce((${sysUser.data1}->>'wechat_accept')::boolean, false)`,
        sql`${wechatMpNotice.report_template_id} <> ''`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Only a family name shows: the notice travels through a third party. */
const maskName = (name: string) => (name ? `${[...name][0]}${'*'.repeat(Math.max(1, [...name].length - 1))}` : '');

async function send(deps: AppDeps, rptPk: number, auditorPk: number): Promise<boolean> {
  const n = await noticeFor(deps, rptPk, auditorPk);
  if (!n) return false;
  const account = await loadAccount(deps, 'mp', n.hospital_code);
  await callWithToken(deps, account, '/cgi-bin/message/template/send', {
    touser: n.open_id,
    template_id: n.template_id,
    data: {
      first: { value: '报告已审核' },
      keyword1: { value: maskName(n.patient_name) },
      keyword2: { value: [n.modality, n.study_desc].filter(Boolean).join(' ') },
      keyword3: { value: n.sh_doctor },
      keyword4: { value: fmt(n.sh_datetime) },
      remark: { value: '' },
    },
  });
  return true;
}

/**
 * Report-ready notice after an audit (docs/wechat.md): to the report's writer, when someone else audited
 * it, they are bound to their hospital's public account, the hospital accepts messages (accept_wx_msg)
 * and they want them (data1.wechat_accept), and the hospital has a template id. Fire and forget: the
 * audit never waits for it and never fails because of it; a failure is logged without the report's text.
 */
export function notifyReportReady(deps: AppDeps, rptPk: number | null, auditorPk: number): Promise<boolean> {
  if (rptPk === null) return Promise.resolve(false);
  return send(deps, rptPk, auditorPk).catch((err: unknown) => {
    deps.log.warn({ rptPk, err: loggableError(err) }, 'report-ready notice not sent');
    return false;
  });
}
