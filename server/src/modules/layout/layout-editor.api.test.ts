import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LayoutRow } from '@shared/schemas/layout';
import type { LayoutTemplate, TemplateElement } from '@shared/schemas/report';
import { auditLog, layoutTemplate, layoutVersion } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor'] });
type User = 'admin' | 'hadmin' | 'doctor';
const req = (user: User, path: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token: t.token(user), json, lang });

const ELEMENTS: TemplateElement[] = [
  { tag: 'textContent', uuid: 'title', jfield: 'hospital_title1', style: { textAlign: 'center', fontSize: 24 } },
  {
    tag: 'table',
    uuid: 'm',
    data: {
      rows: [
        [{ text: '长' }, { text: '宽' }, { text: '和' }],
        [{}, {}, { formula: 'A2+B2' }],
      ],
    },
  },
  { tag: 'textarea', uuid: 'findings', jfield: 'report_text1' },
];

describe('the layout editor’s calls', () => {
  it('creates, lists, gets, saves new versions with a stale check, and withdraws; audited', async () => {
    const created = await req('hadmin', '/layout/save', { modality: 'US', name: '超声甲状腺', elements: ELEMENTS });
    expect(created.status, created.text).toBe(200);
    const row = created.body.data as LayoutRow;
    expect(row).toMatchObject({ hospital_code: 'H001', modality: 'US', version: 1, editable: true });

    const list = (await req('hadmin', '/layout/list', {})).body.data as LayoutRow[];
    expect(list.map((l) => [l.hospital_code, l.editable])).toContainEqual(['', false]); // the installation's: read only
    expect(list.find((l) => l.pk === row.pk)).toBeTruthy();
    const got = (await req('hadmin', '/layout/get', { pk: row.pk })).body.data as LayoutTemplate;
    expect(got.elements).toEqual(ELEMENTS);

    const changed = [...ELEMENTS, { tag: 'hr', uuid: 'rule' } as TemplateElement];
    const v2 = await req('hadmin', '/layout/save', {
      pk: row.pk,
      version: 1,
      modality: 'US',
      name: '超声甲状腺',
      elements: changed,
    });
    expect((v2.body.data as LayoutRow).version).toBe(2);
    // someone still on version 1 saves: refused, nothing written
    const stale = await req('hadmin', '/layout/save', {
      pk: row.pk,
      version: 1,
      modality: 'US',
      name: 'x',
      elements: ELEMENTS,
    });
    expect([stale.status, stale.body.error, stale.body.data]).toEqual([409, 'STALE_VERSION', { version: 2 }]);
    expect(stale.body.msg).toContain('version 2');
    const versions = (await req('hadmin', '/layout/versions', { pk: row.pk })).body.data as { version: number }[];
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    const stored = await t.p.deps.db.select().from(layoutVersion).where(eq(layoutVersion.layout_pk, row.pk));
    expect(stored.find((v) => v.version === 1)?.elements).toEqual(ELEMENTS);
    expect(stored.find((v) => v.version === 2)?.elements).toEqual(changed);

    expect((await req('hadmin', '/layout/delete', { pk: row.pk })).status).toBe(200);
    expect((await req('hadmin', '/layout/get', { pk: row.pk })).status).toBe(404);
    expect(((await req('hadmin', '/layout/list', {})).body.data as LayoutRow[]).some((l) => l.pk === row.pk)).toBe(
      false,
    );
    const audit = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `layout_template:${row.pk}`));
    expect(audit.map((a) => a.action)).toEqual(['layout_create', 'layout_update', 'layout_withdraw']);
  });

  it('checks the template rules and safety on save, naming the element, writing nothing', async () => {
    const before = (await t.p.deps.db.select().from(layoutTemplate)).length;
    const cases: [TemplateElement[], string][] = [
      [[{ tag: 'usRange', uuid: 'r', data: { ranges: [{ month: 6, min: 70, max: 60 }] } }], 'r'],
      [[{ tag: 'module', uuid: 'mod', data: { options: ['左侧', '左侧'] } }], 'mod'],
      [[{ tag: 'imgCom', uuid: 'logo', src: 'https://evil.example/logo.png' }], 'logo'],
      // A formula that can never compute: bad syntax, a cell outside its table.
      [[{ tag: 'table', uuid: 'sum', data: { rows: [[{ input: true }, { input: true }, { formula: 'A1+B1*' }]] } }], 'sum'], // prettier-ignore
      [[{ tag: 'table', uuid: 'far', data: { rows: [[{ input: true }, { formula: 'A1+D7' }]] } }], 'far'],
      [[{ tag: 'div', uuid: 'box', style: { backgroundImage: 'url(https://evil.example/x)' } }], 'box'],
      [
        [
          { tag: 'hr', uuid: 'a' },
          { tag: 'hr', uuid: 'a' },
        ],
        'a',
      ],
    ];
    for (const [elements, uuid] of cases) {
      const r = await req('admin', '/layout/save', { hospital_code: 'H001', name: 'bad', elements });
      expect(r.status, JSON.stringify(elements)).toBe(400);
      expect(r.body.errors).toEqual([expect.objectContaining({ field: `elements.${uuid}` })]);
    }
    expect((await req('admin', '/layout/save', { hospital_code: 'H001', name: '  ', elements: ELEMENTS })).status).toBe(
      400,
    );
    expect((await req('admin', '/layout/save', { hospital_code: 'H001', name: 'x', elements: [] })).status).toBe(400);
    expect((await t.p.deps.db.select().from(layoutTemplate)).length).toBe(before);
  });

  it('keeps a hospital’s staff to their hospital; the installation’s layouts are the super administrator’s', async () => {
    const [installation] = await t.p.deps.db.select().from(layoutTemplate).where(eq(layoutTemplate.hospital_code, ''));
    const mine = { pk: installation!.pk, version: installation!.version, name: 'x', elements: ELEMENTS };
    expect((await req('hadmin', '/layout/save', mine)).status).toBe(403);
    expect((await req('hadmin', '/layout/delete', { pk: installation!.pk })).status).toBe(403);
    expect((await req('hadmin', '/layout/save', { hospital_code: 'H002', name: 'x', elements: ELEMENTS })).status).toBe(
      403,
    );
    const other = (await req('admin', '/layout/save', { hospital_code: 'H002', name: 'H002 版式', elements: ELEMENTS }))
      .body.data as LayoutRow;
    expect((await req('hadmin', '/layout/get', { pk: other.pk })).status).toBe(404);
    expect((await req('hadmin', '/layout/versions', { pk: other.pk })).status).toBe(404);
    expect((await req('hadmin', '/layout/delete', { pk: other.pk })).status).toBe(404);
    expect(
      ((await req('hadmin', '/layout/list', { hospital_code: 'H002' })).body.data as LayoutRow[]).map(
        (l) => l.hospital_code,
      ),
    ).not.toContain('H002');
    expect((await req('doctor', '/layout/list', {})).status).toBe(403);
    // the last installation default stays
    const last = await req('admin', '/layout/delete', { pk: installation!.pk });
    expect([last.status, last.body.msg]).toEqual([
      409,
      'This is the installation’s only default layout and cannot be withdrawn',
    ]);
  });
});

describe('POST /layout/applyForm', () => {
  it('answers the spec’s message without an application-form layout, then the layout and the study’s fields', async () => {
    const list = await call(t.p.app, 'POST', '/api/order/OrderList', {
      token: t.token('doctor'),
      json: { rpt_status: [0], pageSize: 20 },
    });
    const study = (list.body.data as { list: { study_iuid: string; modality: string; patient_name: string }[] })
      .list[0]!;
    const missing = await req('doctor', '/layout/applyForm', { study_iuid: study.study_iuid }, 'zh-CN');
    expect([missing.status, missing.body.error, missing.body.msg]).toEqual([
      404,
      'TEMPLATE_MISSING',
      '无法获取打印模板，请联系管理员',
    ]);
    // an unknown study is another error, which the page tells apart by its id
    const unknown = await req('doctor', '/layout/applyForm', { study_iuid: '1.2.3.404' });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'NOT_FOUND']);
    // a report layout does not count: only one made for application forms
    const form = await req('admin', '/layout/save', {
      hospital_code: 'H001',
      kind: 'apply',
      name: '检查申请单',
      elements: [{ tag: 'input', uuid: 'n', jfield: 'patient_name' }],
    });
    expect((form.body.data as LayoutRow).kind).toBe('apply');
    const got = await req('doctor', '/layout/applyForm', { study_iuid: study.study_iuid });
    expect(got.status).toBe(200);
    const data = got.body.data as { template: LayoutTemplate; study: { patient_name: string } };
    expect(data.template.name).toBe('检查申请单');
    expect(data.study.patient_name).toBe(study.patient_name);
    expect(JSON.stringify(data)).not.toContain('report_text1":"'); // no report texts on a form
    // and reports keep their report layout
    const info = await req('doctor', '/report/info', { study_iuid: study.study_iuid });
    expect((info.body.data as { template: LayoutTemplate }).template.name).not.toBe('检查申请单');
    expect((await req('hadmin', '/layout/applyForm', { study_iuid: study.study_iuid })).status).toBe(403);
    await req('admin', '/layout/delete', { pk: (form.body.data as LayoutRow).pk });
  });
});
