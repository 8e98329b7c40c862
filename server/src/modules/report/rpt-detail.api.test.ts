import { beforeAll, describe, expect, it } from 'vitest';
import { parseDetail } from '@shared/report/document';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportInfo } from '@shared/schemas/report';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor'] });
let studyIuid: string;
beforeAll(async () => {
  const r = await call(t.p.app, 'POST', '/api/order/OrderList', {
    token: t.token('doctor'),
    json: { rpt_status: [0], pageSize: 10 },
  });
  const first = (r.body.data as { list: StudyRow[] }).list[0];
  if (!first) throw new Error('no unwritten study in the demo data');
  studyIuid = first.study_iuid;
});

const save = (rpt_detail: unknown, version: number, lang?: string) =>
  call(t.p.app, 'POST', '/report/save', {
    token: t.token('doctor'),
    lang,
    json: {
      study_iuid: studyIuid,
      version,
      rpt_good_status: 1,
      study_desc: '胸部CT平扫',
      report_text1: '双肺纹理清晰。',
      report_text2: '未见异常。',
      rpt_detail,
    },
  });
const current = async () =>
  (
    (await call(t.p.app, 'POST', '/report/info', { token: t.token('doctor'), json: { study_iuid: studyIuid } })).body
      .data as ReportInfo
  ).reports[0];

describe('rpt_detail on save', () => {
  it('refuses a malformed detail with a field error and changes nothing', async () => {
    const before = (await current())?.version ?? -1;
    for (const bad of [{ title_suffix: 9 }, { values: { a: { nested: true } } }, { images: 'x' }, 'text']) {
      const r = await save(bad, before, 'en-US');
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('VALIDATION');
    }
    expect((await current())?.version).toBe(before);
  });

  it('stores typed values and the title suffix, and gives them back as saved', async () => {
    const detail = { values: { own: '自填', 't.1.1': '3', cb: ['甲'] }, title_suffix: 2, images: ['/img/a.jpg'] };
    const r = await save(detail, (await current())?.version ?? -1);
    expect(r.status).toBe(200);
    const saved = await current();
    expect(parseDetail(saved?.rpt_detail)).toEqual(detail);
    const cleared = await save(null, saved?.version ?? -1);
    expect(cleared.status).toBe(200);
    expect((await current())?.rpt_detail).toBeNull();
  });
});
