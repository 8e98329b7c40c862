import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@shared/schemas/common';
import type { RecycleRow } from '@shared/schemas/recycle';
import { Dataset } from '../dicom/dimse';
import { findWorklist } from '../dicom/mwl';
import { IMPLICIT_LE } from '../dicom/syntaxes';
import { startDicomListener } from '../dicom';
import { auditLog, device, instance, registration, report, study } from '../../platform/db/schema';
import { QUEUE_CHANNEL } from '../../platform/realtime/queue-events';
import { call, loginAs } from '../../../../tests/support/api-client';
import { run } from '../../../../tests/support/dcmtk';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { ctSpec, useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';
import { createIngest } from '../images';
import { purgeExpired } from './purge';

const h = useImagePlatform();
const db = () => h.p.deps.db;
type Who = 'admin' | 'doctor' | 'doctor2' | 'auditor';
const post = (who: Who, path: string, json: unknown, lang = 'en-US') =>
  call(h.p.app, 'POST', path, { token: h.tok[who], json, lang });
const del = (who: Who, uids: string[], reason = 'registered twice by mistake') =>
  post(who, '/api/order/deleteStudy', { study_iuids: uids, reason });
const restore = (who: Who, uids: string[]) => post(who, '/api/order/restoreStudy', { study_iuids: uids });
const purge = (who: Who, uids: string[]) => post(who, '/api/order/deleteOrder', { study_iuids: uids });
const bin = async (who: Who, filters: Record<string, string> = {}) => {
  const r = await post(who, '/api/order/queryDelList', { pageNumber: 1, pageSize: 100, filters });
  return { status: r.status, page: r.body.data as Page<RecycleRow> | null };
};
const worklist = async (who: Who, patient_id: string) =>
  ((await post(who, '/api/order/OrderList', { pageNumber: 1, pageSize: 20, patient_id })).body.data as Page<unknown>)
    .totalRow;
const mwl = async (patientId: string, hospital = 'H001') =>
  (await findWorklist(h.p.deps, new Dataset({ PatientID: patientId }, IMPLICIT_LE), 'CT1', hospital)).length;
const studyRow = async (iuid: string) => (await db().select().from(study).where(eq(study.study_iuid, iuid)))[0];
const audits = async (target: string) =>
  db().select().from(auditLog).where(eq(auditLog.target, target)).orderBy(desc(auditLog.pk));

let seq = 0;
/** An imageless study (what the registration desk or an order makes) with its report at position 1. */
async function scheduled(o: { hospital?: string; patientId?: string; status?: number; text?: string } = {}) {
  const n = ++seq;
  const [s] = await db()
    .insert(study)
    .values({
      study_iuid: uid(900, n),
      hospital_code: o.hospital ?? 'H001',
      patient_id: o.patientId ?? `RB${n}`,
      patient_name: `回收${n}`,
      modality: 'CT',
      study_datetime: new Date(),
    })
    .returning();
  await db()
    .insert(report)
    .values({ study_pk: s!.pk, rpt_position: 1, rpt_status: o.status ?? 1, report_text1: o.text ?? `findings ${n}` });
  return s!;
}

/** A CT study of H001 with `count` stored instances, uploaded as a modality's images would be. */
async function withImages(n: number, count = 2) {
  const files = Array.from({ length: count }, (_, i) => ({
    name: `IM${i + 1}`,
    data: buildDicom(
      ctSpec({
        n: i + 1,
        study: uid(910, n),
        series: uid(910, n, 1),
        sop: uid(910, n, 1, i + 1),
        patientId: `RBI${n}`,
      }),
    ),
  }));
  const a = await uploadDicom(h.p.app, {
    token: h.tok.admin,
    files: [{ name: 'a.zip', data: await zipOf(files) }],
    hospital_code: 'H001',
  });
  expect(resultOf(a).data.uploaded).toBe(count);
  return (await studyRow(uid(910, n)))!;
}
const keysOf = async (studyPk: number) =>
  (await db().select({ key: instance.storage_key }).from(instance).where(eq(instance.study_pk, studyPk))).map(
    (r) => r.key,
  );

beforeAll(async () => {
  // The report doctors may use the bin too here, so doctor2 (H002) can try H001's studies.
  await db().execute(sql`
    insert into role_permission (role_pk, permission_pk)
    select r.pk, pm.pk from role r, permission pm where r.code = 'report_doctor' and pm.perms = 'order:delete'
    on conflict do nothing`);
  h.tok.doctor2 = await loginAs(h.p.app, 'doctor2', 'Doctor@123');
});

describe('deleteStudy', () => {
  it('moves a study to the bin with its reason: gone from the worklist and the MWL, listed in the bin, audited', async () => {
    const s = await scheduled();
    expect(await worklist('auditor', s.patient_id)).toBe(1);
    expect(await mwl(s.patient_id)).toBe(1);
    const r = await del('auditor', [s.study_iuid], 'duplicate registration');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { count: 1, study_iuids: [s.study_iuid] } });
    expect(r.body.msg).toBe('1 studies moved to the recycle bin');
    expect(await worklist('auditor', s.patient_id)).toBe(0);
    expect(await mwl(s.patient_id)).toBe(0);
    const { page } = await bin('auditor', { patient_id: s.patient_id });
    expect(page!.list).toHaveLength(1);
    const row = page!.list[0]!;
    expect(row).toMatchObject({ study_iuid: s.study_iuid, delete_reason: 'duplicate registration', rpt_status: 1 });
    expect(row.deleted_by).toBeTruthy();
    // purged RECYCLE_KEEP_DAYS (30 by default) after the deletion
    const days =
      (Date.parse(row.purge_at.replace(' ', 'T')) - Date.parse(row.deleted_at.replace(' ', 'T'))) / 86_400_000;
    expect(days).toBe(30);
    const [a] = await audits(`study:${s.pk}`);
    expect(a).toMatchObject({ action: 'study.delete', username: 'auditor' });
    const detail = a!.detail as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(detail.before).toMatchObject({ is_del: 0, delete_reason: '' });
    expect(detail.after).toMatchObject({ is_del: 1, delete_reason: 'duplicate registration' });
    // once in the bin it is not there to delete again
    expect((await del('auditor', [s.study_iuid])).status).toBe(404);
  });

  it('is refused while a report is audited, all or none, until the auditor cancels the audit', async () => {
    const audited = await scheduled({ status: 2 });
    const other = await scheduled();
    const before = (await db().$count(auditLog)) as number;
    const r = await del('auditor', [other.study_iuid, audited.study_iuid]);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'REPORT_STATE' });
    expect(r.body.msg).toContain('cancel the audit');
    expect(
      (await post('auditor', '/api/order/deleteStudy', { study_iuids: [audited.study_iuid], reason: '重复' }, 'zh-CN'))
        .body.msg,
    ).toContain('取消审核');
    expect((await studyRow(other.study_iuid))!.is_del).toBe(0);
    expect((await studyRow(audited.study_iuid))!.is_del).toBe(0);
    expect(await db().$count(auditLog)).toBe(before);
    // the audit cancelled (status 3): the study may go
    await db().update(report).set({ rpt_status: 3 }).where(eq(report.study_pk, audited.pk));
    expect((await del('auditor', [other.study_iuid, audited.study_iuid])).status).toBe(200);
  });

  it('is refused while another user is writing the report, not while the caller is', async () => {
    const s = await scheduled();
    expect((await post('doctor', '/report/lock', { study_iuid: s.study_iuid })).status).toBe(200);
    const r = await del('auditor', [s.study_iuid]);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'LOCKED_BY_OTHER' });
    expect((await studyRow(s.study_iuid))!.is_del).toBe(0);
    // the doctor's own lock does not stop the doctor (granted order:delete here)
    const doctor = await loginAs(h.p.app, 'doctor', 'Doctor@123');
    const mine = await call(h.p.app, 'POST', '/api/order/deleteStudy', {
      token: doctor,
      json: { study_iuids: [s.study_iuid], reason: 'wrong patient' },
    });
    expect(mine.status).toBe(200);
    expect(await studyRow(s.study_iuid)).toMatchObject({ is_del: 1, lock_user_pk: null, lock_status: '' });
  });

  it('answers 400 for bad input and changes nothing', async () => {
    const s = await scheduled();
    const before = (await db().$count(auditLog)) as number;
    const bodies = [
      { study_iuids: [s.study_iuid] },
      { study_iuids: [s.study_iuid], reason: 'x' },
      { study_iuids: [s.study_iuid], reason: '  x  ' },
      { study_iuids: [s.study_iuid], reason: 'x'.repeat(257) },
      { study_iuids: [], reason: 'duplicate' },
      { study_iuids: ['not a uid'], reason: 'duplicate' },
      { study_iuids: s.study_iuid, reason: 'duplicate' },
      { study_iuids: [s.study_iuid], reason: 'duplicate', force: true },
    ];
    for (const body of bodies) {
      const r = await post('auditor', '/api/order/deleteStudy', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.success).toBe(false);
    }
    expect((await studyRow(s.study_iuid))!.is_del).toBe(0);
    expect(await db().$count(auditLog)).toBe(before);
  });
});

describe('restoreStudy', () => {
  it('brings the study back with its report and images as they were, audited', async () => {
    const s = await withImages(1);
    await db().update(report).set({ report_text1: '双肺纹理清晰' }).where(eq(report.study_pk, s.pk));
    const ref = { studyUID: s.study_iuid, seriesUID: uid(910, 1, 1), objectUID: uid(910, 1, 1, 1) };
    expect((await h.wado(ref, h.tok.auditor)).status).toBe(200);
    expect((await del('auditor', [s.study_iuid])).status).toBe(200);
    // in the bin: its images are not served, its report screen is gone
    expect((await h.wado(ref, h.tok.auditor)).status).toBe(404);
    expect((await post('auditor', '/report/lock', { study_iuid: s.study_iuid })).status).toBe(404);
    const files = (await h.storedFiles()).length;
    const r = await restore('auditor', [s.study_iuid]);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ count: 1, study_iuids: [s.study_iuid] });
    expect(await studyRow(s.study_iuid)).toMatchObject({
      is_del: 0,
      deleted_at: null,
      deleted_by: '',
      delete_reason: '',
      file_count: 2,
    });
    const [rep] = await db().select().from(report).where(eq(report.study_pk, s.pk));
    expect(rep!.report_text1).toBe('双肺纹理清晰');
    expect((await h.wado(ref, h.tok.auditor)).status).toBe(200);
    expect((await h.storedFiles()).length).toBe(files);
    expect(await worklist('auditor', s.patient_id)).toBe(1);
    expect((await bin('auditor', { patient_id: s.patient_id })).page!.totalRow).toBe(0);
    expect((await audits(`study:${s.pk}`))[0]).toMatchObject({ action: 'study.restore', username: 'auditor' });
    // a live study is not in the bin
    expect((await restore('auditor', [s.study_iuid])).status).toBe(404);
  });

  it('an upload into a study in the bin is refused per file, naming why; restored, the study takes it', async () => {
    const s = await withImages(7, 1);
    expect((await del('auditor', [s.study_iuid])).status).toBe(200);
    const more = {
      name: 'IM2.dcm',
      data: buildDicom(
        ctSpec({ n: 2, study: uid(910, 7), series: uid(910, 7, 1), sop: uid(910, 7, 1, 2), patientId: 'RBI7' }),
      ),
    };
    const upload = () =>
      uploadDicom(h.p.app, { token: h.tok.admin, files: [more], hospital_code: 'H001', lang: 'en-US' });
    const refused = await upload();
    expect(resultOf(refused).data.uploaded).toBe(0);
    expect(JSON.stringify(refused.lines)).toContain('Study is deleted (recycle bin): restore it, then send again');
    expect(await studyRow(s.study_iuid)).toMatchObject({ is_del: 1, file_count: 1 });
    expect((await restore('auditor', [s.study_iuid])).status).toBe(200);
    expect(resultOf(await upload()).data.uploaded).toBe(1);
    expect(await studyRow(s.study_iuid)).toMatchObject({ is_del: 0, file_count: 2 });
  });

  it('an instance acknowledged before the delete and indexed after it joins the study in the bin, not refused', async () => {
    const s = await withImages(8, 1);
    expect((await del('auditor', [s.study_iuid])).status).toBe(200);
    const late = buildDicom(
      ctSpec({ n: 2, study: uid(910, 8), series: uid(910, 8, 1), sop: uid(910, 8, 1, 2), patientId: 'RBI8' }),
    );
    const ingestOf = (acknowledged: boolean) => {
      const outcomes: string[] = [];
      const ingest = createIngest(
        { deps: h.p.deps, who: { pk: 0, username: 'dicom:TEST' }, hospitalCode: 'H001', ip: '', acknowledged },
        (o) => outcomes.push(o.status === 'failed' ? o.reason.key : o.status),
      );
      return { ingest, outcomes };
    };
    const upload = ingestOf(false);
    await upload.ingest.add('late.dcm', late);
    await upload.ingest.flush();
    expect(upload.outcomes).toEqual(['imgStudyDeleted']);
    const indexed = ingestOf(true);
    await indexed.ingest.add('late.dcm', late);
    await indexed.ingest.flush();
    expect(indexed.outcomes).toEqual(['uploaded']);
    expect(await studyRow(s.study_iuid)).toMatchObject({ is_del: 1, file_count: 2 });
  });

  it("takes the study's patient off the queue: the desk and the call screen are told, audited", async () => {
    const s = await scheduled();
    const [r] = await db()
      .insert(registration)
      .values({
        hospital_code: 'H001',
        study_pk: s.pk,
        pat_id: s.patient_id,
        pat_name: s.patient_name,
        call_room: 'CT室',
        call_no: 7,
        state: 'waiting',
        queue_day: '2026-11-29',
      })
      .returning();
    const told: unknown[] = [];
    const stop = h.p.deps.fanout.subscribe(QUEUE_CHANNEL, (m) => void told.push(m));
    try {
      expect((await del('doctor', [s.study_iuid])).status).toBe(200);
      await expect.poll(() => told).toEqual([{ kind: 'room', hospital_code: 'H001', call_room: 'CT室' }]);
    } finally {
      stop();
    }
    expect((await db().select().from(registration).where(eq(registration.pk, r!.pk)))[0]).toMatchObject({ is_del: 1 });
    expect((await audits(`registration:${r!.pk}`))[0]).toMatchObject({ action: 'queue.delete' });
    // restored, the study is back; the patient registers again at the desk (the day may be over)
    expect((await restore('admin', [s.study_iuid])).status).toBe(200);
    expect((await db().select().from(registration).where(eq(registration.pk, r!.pk)))[0]).toMatchObject({ is_del: 1 });
  });

  it('leaves a registration the desk deleted to the desk: not listed, not restored here', async () => {
    const s = await scheduled();
    await db().update(study).set({ is_del: 1 }).where(eq(study.pk, s.pk));
    expect((await bin('admin', { patient_id: s.patient_id })).page!.totalRow).toBe(0);
    expect((await restore('admin', [s.study_iuid])).status).toBe(404);
  });
});

describe("another hospital's studies", () => {
  it('cannot be deleted, listed, restored or purged: 404 for an address, 403 for the list of its hospital', async () => {
    const h1 = await scheduled();
    const h2 = await scheduled({ hospital: 'H002' });
    const before = (await db().$count(auditLog)) as number;
    expect((await del('doctor2', [h1.study_iuid])).status).toBe(404);
    expect((await studyRow(h1.study_iuid))!.is_del).toBe(0);
    expect(await db().$count(auditLog)).toBe(before);
    // one of its own and one of H001: none
    expect((await del('doctor2', [h2.study_iuid, h1.study_iuid])).status).toBe(404);
    expect((await studyRow(h2.study_iuid))!.is_del).toBe(0);

    expect((await del('auditor', [h1.study_iuid])).status).toBe(200);
    expect((await del('doctor2', [h2.study_iuid])).status).toBe(200);
    expect((await restore('doctor2', [h1.study_iuid])).status).toBe(404);
    expect((await restore('auditor', [h2.study_iuid])).status).toBe(404);
    const list2 = (await bin('doctor2')).page!;
    expect(list2.list.map((r) => r.hospital_code)).toEqual(list2.list.map(() => 'H002'));
    expect(list2.list.map((r) => r.study_iuid)).toContain(h2.study_iuid);
    expect((await bin('doctor2', { sn: 'H001' })).status).toBe(403);
    // the super administrator sees both
    const all = (await bin('admin')).page!.list.map((r) => r.study_iuid);
    expect(all).toEqual(expect.arrayContaining([h1.study_iuid, h2.study_iuid]));
    expect((await studyRow(h1.study_iuid))!.is_del).toBe(1);
    expect((await studyRow(h2.study_iuid))!.is_del).toBe(1);
  });
});

describe('deleteOrder and the purge', () => {
  it("deletes studies of the bin for good, files and rows: the super administrator's unless given", async () => {
    const s = await withImages(2, 3);
    const keys = await keysOf(s.pk);
    expect(keys).toHaveLength(3);
    expect((await purge('admin', [s.study_iuid])).status).toBe(404); // live: not in the bin
    expect((await del('auditor', [s.study_iuid])).status).toBe(200);
    expect((await purge('auditor', [s.study_iuid])).status).toBe(403);
    expect((await h.storedFiles()).filter((f) => keys.includes(f))).toHaveLength(3);
    const r = await purge('admin', [s.study_iuid]);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ count: 1, study_iuids: [s.study_iuid] });
    expect(await studyRow(s.study_iuid)).toBeUndefined();
    expect(await db().$count(report, eq(report.study_pk, s.pk))).toBe(0);
    expect(await db().$count(instance, eq(instance.study_pk, s.pk))).toBe(0);
    expect((await h.storedFiles()).filter((f) => keys.includes(f))).toEqual([]);
    expect((await audits(`study:${s.pk}`))[0]).toMatchObject({ action: 'study.purge', username: 'admin' });
  });

  it('takes studies deleted more than RECYCLE_KEEP_DAYS ago with their files, and no other', async () => {
    const old = await withImages(3);
    const young = await withImages(4);
    const audited = await scheduled();
    const oldKeys = await keysOf(old.pk);
    const youngKeys = await keysOf(young.pk);
    expect((await del('auditor', [old.study_iuid, young.study_iuid, audited.study_iuid])).status).toBe(200);
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    await db()
      .update(study)
      .set({ deleted_at: daysAgo(31) })
      .where(inArray(study.pk, [old.pk, audited.pk]));
    await db()
      .update(study)
      .set({ deleted_at: daysAgo(29) })
      .where(eq(study.pk, young.pk));
    // a report audited beside the delete (a race the delete cannot fence): never purged with it
    await db().update(report).set({ rpt_status: 2 }).where(eq(report.study_pk, audited.pk));
    expect(await purgeExpired(h.p.deps, 0)).toBe(0);
    expect(await purgeExpired(h.p.deps, 30)).toBe(1);
    expect(await studyRow(old.study_iuid)).toBeUndefined();
    expect(await studyRow(young.study_iuid)).toMatchObject({ is_del: 1 });
    expect(await studyRow(audited.study_iuid)).toMatchObject({ is_del: 1 });
    const stored = await h.storedFiles();
    expect(stored.filter((f) => oldKeys.includes(f))).toEqual([]);
    expect(stored.filter((f) => youngKeys.includes(f))).toHaveLength(2);
    const [a] = await audits(`study:${old.pk}`);
    expect(a).toMatchObject({ action: 'study.purge', username: 'recycle:expired' });
    expect(await purgeExpired(h.p.deps, 30)).toBe(0);
    // two processes at once: each study is purged once
    await db()
      .update(study)
      .set({ deleted_at: daysAgo(40) })
      .where(eq(study.pk, young.pk));
    const both = await Promise.all([purgeExpired(h.p.deps, 30), purgeExpired(h.p.deps, 30)]);
    expect(both[0]! + both[1]!).toBe(1);
    expect(
      await db().$count(auditLog, and(eq(auditLog.target, `study:${young.pk}`), eq(auditLog.action, 'study.purge'))),
    ).toBe(1);
  });
});

describe('C-STORE of an instance whose study is in the bin', () => {
  let listener: Awaited<ReturnType<typeof startDicomListener>>;
  beforeAll(async () => {
    await db()
      .insert(device)
      .values({ name: 'CT bin', aet: 'CT_BIN', modality: 'CT', ip: '127.0.0.1', port: 104, hospital_code: 'H001' });
    listener = await startDicomListener(h.p.deps, {
      port: 0,
      host: '127.0.0.1',
      aet: 'RXPACS',
      receiveLogBytes: 4 << 20,
    });
  });
  afterAll(() => listener?.close());

  const dir = () => mkdtemp(path.join(h.dataDir, 'storescu-'));
  /** dcmtk's storescu (-d: the response's status and ErrorComment) sends instance i of study uid(920); the index catches up. */
  const send = async (i: number) => {
    const file = path.join(await dir(), `CT${i}.dcm`);
    await writeFile(
      file,
      buildDicom(ctSpec({ n: i, study: uid(920), series: uid(920, 1), sop: uid(920, 1, i), patientId: 'RBSCU' })),
    );
    const r = await run('storescu', [
      '-d',
      '-aet',
      'CT_BIN',
      '-aec',
      'RXPACS',
      '127.0.0.1',
      String(listener.port),
      file,
    ]);
    await listener.settled();
    return r;
  };

  it('is refused with status A771 and a comment naming the bin; the study stays in the bin until restored', async () => {
    const first = await send(1);
    expect(first.code, first.out).toBe(0);
    expect(await studyRow(uid(920))).toMatchObject({ file_count: 1, is_del: 0 });
    expect((await del('auditor', [uid(920)])).status).toBe(200);

    const refused = await send(2);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/DIMSE Status\s*: 0xa771/i);
    expect(refused.out).toContain('[Study is deleted (recycle bin): restore it, then send again]');
    expect(await studyRow(uid(920))).toMatchObject({ file_count: 1, is_del: 1 });
    expect(await db().$count(instance, eq(instance.sop_iuid, uid(920, 1, 2)))).toBe(0);
    expect(await worklist('auditor', 'RBSCU')).toBe(0);

    // restored, the same instance is taken
    expect((await restore('auditor', [uid(920)])).status).toBe(200);
    const again = await send(2);
    expect(again.code, again.out).toBe(0);
    expect(await studyRow(uid(920))).toMatchObject({ file_count: 2, is_del: 0 });
  });
});
