import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportDetail } from '@shared/schemas/report';
import type { WorkCountRow } from '@shared/schemas/statistics';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/** The workload counts what the report screen really writes: save, save again, audit, cancel the audit. */
const t = useTestPlatform({ users: ['doctor', 'auditor'] });
let s: StudyRow;
beforeAll(async () => {
  const r = await call(t.p.app, 'POST', '/api/order/OrderList', {
    token: t.token('doctor'),
    json: { rpt_status: [0], pageSize: 10 },
  });
  s = (r.body.data as { list: StudyRow[] }).list[0]!;
});

const req = (user: DemoUser, path: string, json: unknown) =>
  call(t.p.app, 'POST', path, { token: t.token(user), json });
const texts = {
  rpt_good_status: 2,
  study_desc: '胸部CT平扫',
  report_text1: '双肺纹理清晰，未见明显实变影。',
  report_text2: '胸部CT平扫未见明显异常。',
};
const today = dayjs().format('YYYY-MM-DD');
async function rowOf(name: string) {
  const r = await req('auditor', '/orderCount/userWorkCount', { startTime: today, endTime: today, doctor: name });
  expect(r.status).toBe(200);
  const rows = r.body.data as WorkCountRow[];
  return rows.find((x) => x.report_doctor === name) ?? { countrc: 0, countrs: 0, countbc: 0, countbs: 0 };
}

describe('userWorkCount over real report writes', () => {
  it('a report saved twice counts once for its writer; an audit once for its auditor, gone when cancelled', async () => {
    const first = (await req('doctor', '/report/save', { study_iuid: s.study_iuid, version: 1, ...texts })).body
      .data as ReportDetail;
    const writer = first.report_doctor;
    const before = await rowOf(writer);
    expect(before.countrc).toBeGreaterThanOrEqual(1);
    const again = await req('doctor', '/report/save', { study_iuid: s.study_iuid, version: first.version, ...texts });
    expect(again.status).toBe(200);
    expect(await rowOf(writer)).toEqual(before);

    const audited = await req('auditor', '/report/audit', {
      study_iuid: s.study_iuid,
      version: (again.body.data as ReportDetail).version,
      ...texts,
    });
    expect(audited.status).toBe(200);
    const auditor = (audited.body.data as ReportDetail).sh_doctor;
    const withAudit = await rowOf(auditor);
    expect(withAudit.countrs).toBeGreaterThanOrEqual(1);
    expect(withAudit.countbs).toBeGreaterThanOrEqual(1);
    expect(await rowOf(writer)).toMatchObject({ countrc: before.countrc });

    const cancelled = await req('auditor', '/report/cancelAudit', {
      study_iuid: s.study_iuid,
      version: (audited.body.data as ReportDetail).version,
    });
    expect(cancelled.status).toBe(200);
    expect((await rowOf(auditor)).countrs).toBe(withAudit.countrs - 1);
    expect((await rowOf(writer)).countrc).toBe(before.countrc);
  });
});
