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
  it('saves drafts, activates them as versions with a stale check, discards, and withdraws; audited', async () => {
    const created = await req('hadmin', '/layout/save', { modality: 'US', name: '超声甲状腺', elements: ELEMENTS });
    expect(created.status, created.text).toBe(200);
    const row = created.body.data as LayoutRow;
    // new: a draft no report uses
    expect(row).toMatchObject({ hospital_code: 'H001', modality: 'US', version: 0, active: false, pending: true });

    const list = (await req('hadmin', '/layout/list', {})).body.data as LayoutRow[];
    expect(list.map((l) => [l.hospital_code, l.editable])).toContainEqual(['', false]); // the installation's: read only
    expect(list.find((l) => l.pk === row.pk)).toBeTruthy();
    const got = (await req('hadmin', '/layout/get', { pk: row.pk })).body.data as LayoutTemplate;
    expect(got.elements).toEqual(ELEMENTS);
    const first = await req('hadmin', '/layout/activate', { pk: row.pk, version: 0 });
    expect(first.body.data).toMatchObject({ version: 1, active: true, pending: false });

    // a change of a live layout is a draft beside it: the editor and the preview see it, reports do not
    const changed = [...ELEMENTS, { tag: 'hr', uuid: 'rule' } as TemplateElement];
    const save = (version: number, elements: TemplateElement[], name = '超声甲状腺') =>
      req('hadmin', '/layout/save', { pk: row.pk, version, modality: 'US', name, elements });
    expect((await save(1, changed)).body.data).toMatchObject({ version: 1, active: true, pending: true });
    expect(((await req('hadmin', '/layout/get', { pk: row.pk })).body.data as LayoutTemplate).elements).toEqual(
      changed,
    );
    const [live] = await t.p.deps.db.select().from(layoutTemplate).where(eq(layoutTemplate.pk, row.pk));
    expect(live!.elements).toEqual(ELEMENTS);
    expect((await req('hadmin', '/layout/activate', { pk: row.pk, version: 1 })).body.data).toMatchObject({
      version: 2,
      pending: false,
    });
    // someone still on version 1 saves or activates: refused, nothing written
    const stale = await save(1, ELEMENTS, 'x');
    expect([stale.status, stale.body.error, stale.body.data]).toEqual([409, 'STALE_VERSION', { version: 2 }]);
    expect(stale.body.msg).toContain('version 2');
    const staleActivation = await req('hadmin', '/layout/activate', { pk: row.pk, version: 1 });
    expect([staleActivation.status, staleActivation.body.data]).toEqual([409, { version: 2 }]);
    // nothing waiting: nothing to activate or discard
    expect((await req('hadmin', '/layout/activate', { pk: row.pk, version: 2 })).status).toBe(409);
    expect((await req('hadmin', '/layout/discardDraft', { pk: row.pk })).status).toBe(409);
    const versions = (await req('hadmin', '/layout/versions', { pk: row.pk })).body.data as { version: number }[];
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    const stored = await t.p.deps.db.select().from(layoutVersion).where(eq(layoutVersion.layout_pk, row.pk));
    expect(stored.find((v) => v.version === 1)?.elements).toEqual(ELEMENTS);
    expect(stored.find((v) => v.version === 2)?.elements).toEqual(changed);

    // a draft discarded: the live version is what the editor opens again
    await save(2, ELEMENTS);
    expect((await req('hadmin', '/layout/discardDraft', { pk: row.pk })).status).toBe(200);
    const back = (await req('hadmin', '/layout/get', { pk: row.pk })).body.data as LayoutRow & LayoutTemplate;
    expect([back.elements, back.pending, back.version]).toEqual([changed, false, 2]);

    expect((await req('hadmin', '/layout/delete', { pk: row.pk })).status).toBe(200);
    expect((await req('hadmin', '/layout/get', { pk: row.pk })).status).toBe(404);
    expect(((await req('hadmin', '/layout/list', {})).body.data as LayoutRow[]).some((l) => l.pk === row.pk)).toBe(
      false,
    );
    const audit = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `layout_template:${row.pk}`));
    expect(audit.map((a) => a.action)).toEqual([
      'layout_create',
      'layout_activate',
      'layout_update',
      'layout_activate',
      'layout_update',
      'layout_discard_draft',
      'layout_withdraw',
    ]);
  });

  it('keeps names unique within a hospital, drafts included; another hospital may use the same name', async () => {
    const save = (user: User, body: object) => req(user, '/layout/save', { elements: ELEMENTS, ...body }, 'zh-CN');
    const a = (await save('hadmin', { name: '头颅CT' })).body.data as LayoutRow;
    const b = (await save('hadmin', { name: '头颅MR' })).body.data as LayoutRow;
    const taken = await save('hadmin', { name: '头颅CT' });
    expect([taken.status, taken.body.msg]).toEqual([409, '本医院已有名为“头颅CT”的版式']);
    // renaming another onto it, as a draft of a live layout too
    expect((await save('hadmin', { pk: b.pk, version: 0, name: '头颅CT' })).status).toBe(409);
    await req('hadmin', '/layout/activate', { pk: b.pk, version: 0 });
    expect((await save('hadmin', { pk: b.pk, version: 1, name: '头颅CT' })).status).toBe(409);
    expect((await save('hadmin', { pk: b.pk, version: 1, name: '头颅MR 新' })).status).toBe(200);
    // and a live one may not take a name waiting in another's draft
    expect((await save('hadmin', { pk: a.pk, version: 0, name: '头颅MR 新' })).status).toBe(409);
    expect((await save('admin', { hospital_code: 'H002', name: '头颅CT' })).status).toBe(200);
    // an imported file's title that is taken gets the next free number
    const imported = await call(t.p.app, 'POST', '/layout/importMrrt?hospital_code=H001&modality=CT', {
      token: t.token('hadmin'),
      rawBody:
        '<html><head><title>头颅CT</title></head><body><section><header>x</header><p>y</p></section></body></html>',
      headers: { 'content-type': 'text/html' },
    });
    expect((imported.body.data as { name: string }).name).toBe('头颅CT (2)');
    for (const l of await t.p.deps.db.select().from(layoutTemplate)) {
      if (['头颅CT', '头颅MR', '头颅CT (2)'].includes(l.name) || l.name.startsWith('头颅'))
        await t.p.deps.db.update(layoutTemplate).set({ deleted_at: new Date() }).where(eq(layoutTemplate.pk, l.pk));
    }
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
    expect((await req('hadmin', '/layout/activate', { pk: other.pk, version: 0 })).status).toBe(404);
    expect((await req('hadmin', '/layout/impact', { pk: other.pk })).status).toBe(404);
    expect((await req('hadmin', '/layout/discardDraft', { pk: other.pk })).status).toBe(404);
    // nor the installation's (readable, the super administrator's to change)
    expect((await req('hadmin', '/layout/activate', { pk: installation!.pk, version: 1 })).status).toBe(403);
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
    // a draft until activated
    expect((await req('doctor', '/layout/applyForm', { study_iuid: study.study_iuid })).status).toBe(404);
    await req('admin', '/layout/activate', { pk: (form.body.data as LayoutRow).pk, version: 0 });
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
