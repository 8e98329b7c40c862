import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '@shared/schemas/common';
import type { StudyRow } from '@shared/schemas/order';
import type { OrderChart, OrderInstanceUid, OrderStatusAnswer } from '@shared/schemas/order-calls';
import { auditLog, study, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor', 'doctor2', 'admin', 'register', 'hadmin'] });

const post = (
  user: 'doctor' | 'doctor2' | 'admin' | 'register' | 'hadmin',
  path: string,
  json: unknown,
  lang?: string,
) => call(t.p.app, 'POST', path, { token: t.token(user), json, lang });

async function orderList(user: 'doctor' | 'doctor2' | 'admin', json: Record<string, unknown> = {}) {
  return (await post(user, '/api/order/OrderList', { pageSize: 500, ...json })).body.data as Page<StudyRow>;
}

describe('POST /api/order/queryList (the history dialog under the spec’s name)', () => {
  it('answers exactly what historyList answers, for each key', async () => {
    const rows = (await orderList('doctor')).list;
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.patient_id, (counts.get(r.patient_id) ?? 0) + 1);
    const pid = [...counts.entries()].find(([, n]) => n >= 2)![0];
    const cur = rows.find((r) => r.patient_id === pid)!;
    for (const key of ['patient_id', 'patient_name', 'card_no', 'patient_phone'] as const) {
      const json = { study_iuid: cur.study_iuid, [key]: cur[key] };
      const a = await post('doctor', '/api/order/queryList', json);
      const b = await post('doctor', '/api/order/historyList', json);
      expect(a.status, key).toBe(200);
      expect(a.body.data).toEqual(b.body.data);
      const list = a.body.data as StudyRow[];
      expect(list.every((s) => s[key] === cur[key] && s.study_iuid !== cur.study_iuid)).toBe(true);
    }
    expect(
      (await post('doctor', '/api/order/queryList', { study_iuid: cur.study_iuid, card_no: '' })).body.data,
    ).toEqual([]);
  });

  it('refuses two keys (400), another hospital’s study (403) and an unknown one (404)', async () => {
    const cur = (await orderList('doctor')).list[0]!;
    expect(
      (await post('doctor', '/api/order/queryList', { study_iuid: cur.study_iuid, card_no: 'a', patient_id: 'b' }))
        .status,
    ).toBe(400);
    expect(
      (await post('doctor2', '/api/order/queryList', { study_iuid: cur.study_iuid, patient_id: cur.patient_id }))
        .status,
    ).toBe(403);
    expect((await post('doctor', '/api/order/queryList', { study_iuid: '1.2.3.404', patient_id: 'x' })).status).toBe(
      404,
    );
  });
});

describe('POST /api/order/queryChart', () => {
  it('counts what OrderList finds, by status and by modality, for the same filter', async () => {
    for (const filter of [{}, { modalitys: ['CT', 'MR'] }, { rpt_status: [2] }, { patient_name: '%' }]) {
      const r = await post('doctor', '/api/order/queryChart', filter);
      expect(r.status, r.text).toBe(200);
      const chart = r.body.data as OrderChart;
      const page = await orderList('doctor', filter);
      expect(chart.total, JSON.stringify(filter)).toBe(page.totalRow);
      expect(chart.rpt_status.map((p) => p.name)).toEqual(['0', '1', '2', '3', '4']);
      for (const p of chart.rpt_status) {
        expect(p.value).toBe(page.list.filter((s) => String(s.rpt_status) === p.name).length);
      }
      for (const p of chart.modality) expect(p.value).toBe(page.list.filter((s) => s.modality === p.name).length);
      expect(chart.modality.reduce((n, p) => n + p.value, 0)).toBe(chart.total);
      const values = chart.modality.map((p) => p.value);
      expect([...values].sort((a, b) => b - a)).toEqual(values);
    }
  });

  it('stays in the caller’s hospital: own rows only, another hospital 403, the super administrator all', async () => {
    const own = (await post('doctor2', '/api/order/queryChart', {})).body.data as OrderChart;
    expect(own.total).toBe((await orderList('doctor2')).totalRow);
    const other = await post('doctor2', '/api/order/queryChart', { sn: 'H001' }, 'en-US');
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ success: false, error: 'FORBIDDEN' });
    const all = (await post('admin', '/api/order/queryChart', {})).body.data as OrderChart;
    const h1 = (await post('admin', '/api/order/queryChart', { sn: 'H001' })).body.data as OrderChart;
    expect(all.total).toBe(h1.total + own.total);
  });

  it('refuses bad filters with a 400 in the caller’s language', async () => {
    for (const json of [
      { modalitys: ['XX'] },
      { startDate: '2026-11-20', endDate: '2026-11-01' },
      { rpt_status: [9] },
    ]) {
      const r = await post('doctor', '/api/order/queryChart', json, 'zh-CN');
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe('POST /api/order/setOrderStatus and delOrderStatus', () => {
  const flags = async (iuid: string) =>
    (
      await t.p.deps.db
        .select({ picture_state: study.picture_state, efilm_state: study.efilm_state, pk: study.pk })
        .from(study)
        .where(eq(study.study_iuid, iuid))
    )[0]!;
  const audits = async (pk: number) =>
    t.p.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.edit'), eq(auditLog.target, `study:${pk}`)));

  it('sets and clears one flag, answering the new state, audited once per change', async () => {
    const s = (await orderList('doctor')).list[3]!;
    const before = await flags(s.study_iuid);
    expect(before).toMatchObject({ picture_state: 0, efilm_state: 0 });
    const set = await post('register', '/api/order/setOrderStatus', {
      study_iuid: s.study_iuid,
      status: 'picture_state',
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data as OrderStatusAnswer).toEqual({ study_iuid: s.study_iuid, picture_state: 1, efilm_state: 0 });
    expect(await flags(s.study_iuid)).toMatchObject({ picture_state: 1, efilm_state: 0 });

    const again = await post('doctor', '/api/order/setOrderStatus', {
      study_iuid: s.study_iuid,
      status: 'picture_state',
    });
    expect(again.body.data).toEqual(set.body.data);
    const e = await post('doctor', '/api/order/setOrderStatus', { study_iuid: s.study_iuid, status: 'efilm_state' });
    expect(e.body.data).toEqual({ study_iuid: s.study_iuid, picture_state: 1, efilm_state: 1 });

    const del = await post('doctor', '/api/order/delOrderStatus', {
      study_iuid: s.study_iuid,
      status: 'picture_state',
    });
    expect(del.body.data).toEqual({ study_iuid: s.study_iuid, picture_state: 0, efilm_state: 1 });
    const rows = await audits(before.pk);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.username).toSorted()).toEqual(['doctor', 'doctor', 'register']);
    expect(rows[0]!.detail).toMatchObject({ before: { picture_state: 0 }, after: { picture_state: 1 } });
  });

  it('answers 404 for another hospital’s, an unknown or a deleted study, and writes nothing', async () => {
    const h1 = (await orderList('doctor')).list[5]!;
    const other = await post('doctor2', '/api/order/setOrderStatus', {
      study_iuid: h1.study_iuid,
      status: 'efilm_state',
    });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
    expect(
      (await post('doctor', '/api/order/setOrderStatus', { study_iuid: '1.2.3.404', status: 'efilm_state' })).status,
    ).toBe(404);
    await t.p.deps.db.update(study).set({ is_del: 1 }).where(eq(study.study_iuid, h1.study_iuid));
    try {
      expect(
        (await post('doctor', '/api/order/delOrderStatus', { study_iuid: h1.study_iuid, status: 'efilm_state' }))
          .status,
      ).toBe(404);
    } finally {
      await t.p.deps.db.update(study).set({ is_del: 0 }).where(eq(study.study_iuid, h1.study_iuid));
    }
    expect(await flags(h1.study_iuid)).toMatchObject({ picture_state: 0, efilm_state: 0 });
    expect(await audits((await flags(h1.study_iuid)).pk)).toHaveLength(0);
  });

  it('answers 404 for a study outside the caller’s modalities (data2)', async () => {
    const ct = (await orderList('doctor', { modalitys: ['CT'] })).list[0]!;
    await t.p.deps.db
      .update(sysUser)
      .set({ data2: ['US'] })
      .where(eq(sysUser.username, 'doctor'));
    try {
      expect(
        (await post('doctor', '/api/order/setOrderStatus', { study_iuid: ct.study_iuid, status: 'efilm_state' }))
          .status,
      ).toBe(404);
    } finally {
      await t.p.deps.db.update(sysUser).set({ data2: [] }).where(eq(sysUser.username, 'doctor'));
    }
  });

  it('refuses another flag, a missing study and extra keys with 400 in the caller’s language; needs patorder:patinfo', async () => {
    const s = (await orderList('doctor')).list[0]!;
    for (const json of [
      { study_iuid: s.study_iuid, status: 'is_del' },
      { study_iuid: s.study_iuid, status: 'use_qc' },
      { status: 'efilm_state' },
      { study_iuid: s.study_iuid, status: 'efilm_state', value: 1 },
    ]) {
      const r = await post('doctor', '/api/order/setOrderStatus', json, 'zh-CN');
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(
      (await post('hadmin', '/api/order/setOrderStatus', { study_iuid: s.study_iuid, status: 'efilm_state' })).status,
    ).toBe(403);
  });
});

describe('POST /api/order/getOrderInstanceUid', () => {
  it('answers the study instance UID by study pk or by accession number', async () => {
    const s = (await orderList('doctor')).list[2]!;
    const byPk = await post('doctor', '/api/order/getOrderInstanceUid', { pk: s.pk });
    expect(byPk.status, byPk.text).toBe(200);
    expect(byPk.body.data as OrderInstanceUid).toEqual({
      pk: s.pk,
      study_iuid: s.study_iuid,
      accession_no: s.accession_no,
      hospital_code: 'H001',
      modality: s.modality,
      has_dicom_file: s.has_dicom_file,
    });
    const byAcc = await post('doctor', '/api/order/getOrderInstanceUid', { accession_no: s.accession_no });
    expect(byAcc.body.data).toEqual(byPk.body.data);
  });

  it('picks the newest live study when an accession number repeats', async () => {
    const [a, b] = (await orderList('doctor', { sort: 'study_datetime desc' })).list;
    await t.p.deps.db.update(study).set({ accession_no: 'ACC-TWICE' }).where(eq(study.pk, a!.pk));
    await t.p.deps.db.update(study).set({ accession_no: 'ACC-TWICE' }).where(eq(study.pk, b!.pk));
    try {
      const r = await post('doctor', '/api/order/getOrderInstanceUid', { accession_no: 'ACC-TWICE' });
      expect((r.body.data as OrderInstanceUid).study_iuid).toBe(a!.study_iuid);
      await t.p.deps.db.update(study).set({ is_del: 1 }).where(eq(study.pk, a!.pk));
      const next = await post('doctor', '/api/order/getOrderInstanceUid', { accession_no: 'ACC-TWICE' });
      expect((next.body.data as OrderInstanceUid).study_iuid).toBe(b!.study_iuid);
    } finally {
      await t.p.deps.db.update(study).set({ is_del: 0, accession_no: a!.accession_no }).where(eq(study.pk, a!.pk));
      await t.p.deps.db.update(study).set({ accession_no: b!.accession_no }).where(eq(study.pk, b!.pk));
    }
  });

  it('answers 404 for another hospital’s order or an unknown one, 403 when naming another hospital', async () => {
    const s = (await orderList('doctor')).list[0]!;
    expect((await post('doctor2', '/api/order/getOrderInstanceUid', { pk: s.pk })).status).toBe(404);
    expect((await post('doctor2', '/api/order/getOrderInstanceUid', { accession_no: s.accession_no })).status).toBe(
      404,
    );
    expect((await post('doctor', '/api/order/getOrderInstanceUid', { pk: 2_147_483_647 })).status).toBe(404);
    const named = await post('doctor2', '/api/order/getOrderInstanceUid', { accession_no: s.accession_no, sn: 'H001' });
    expect(named.status).toBe(403);
    const admin = await post('admin', '/api/order/getOrderInstanceUid', { accession_no: s.accession_no, sn: 'H001' });
    expect((admin.body.data as OrderInstanceUid).study_iuid).toBe(s.study_iuid);
  });

  it('wants exactly one of pk and accession_no (400 in the caller’s language)', async () => {
    for (const [json, lang, text] of [
      [{}, 'en-US', /either pk or accession_no/],
      [{ pk: 1, accession_no: 'A' }, 'zh-CN', /pk 或 accession_no/],
      [{ pk: 0 }, 'en-US', /pk/],
      [{ accession_no: '' }, 'en-US', /accession_no/],
    ] as const) {
      const r = await post('doctor', '/api/order/getOrderInstanceUid', json, lang);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.msg).toMatch(text);
    }
  });
});
