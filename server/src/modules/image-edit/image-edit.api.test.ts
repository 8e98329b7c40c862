import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageEditChoice } from '@shared/schemas/image-edit';
import { auditLog, instance, report, series, study } from '../../platform/db/schema';
import { call, loginAs } from '../../../../tests/support/api-client';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { ctSpec, useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';

const h = useImagePlatform();
const db = () => h.p.deps.db;
type Who = 'admin' | 'doctor' | 'doctor2' | 'auditor';
const post = (who: Who, p: string, json: unknown, lang = 'en-US') =>
  call(h.p.app, 'POST', p, { token: h.tok[who], json, lang });
const move = (who: Who, from: string, series_iuids: string[], to: string, lang?: string) =>
  post(who, '/api/imageEdit/moveSeries', { study_iuid: from, series_iuids, to_study_iuid: to }, lang);
const merge = (who: Who, from: string, to: string) =>
  post(who, '/api/imageEdit/mergeStudy', { study_iuid: from, to_study_iuid: to });
const studyRow = async (iuid: string) => (await db().select().from(study).where(eq(study.study_iuid, iuid)))[0]!;
const instancesOf = async (studyPk: number) =>
  db()
    .select({ sop: instance.sop_iuid, key: instance.storage_key, size: instance.size_bytes })
    .from(instance)
    .where(eq(instance.study_pk, studyPk))
    .orderBy(instance.sop_iuid);

const dir = mkdtempSync(path.join(tmpdir(), 'rx-image-edit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** dcmtk's reading of a file WADO serves (a parser nobody here wrote), in UTF-8. */
async function dumpServed(studyIuid: string, seriesIuid: string, sop: string) {
  const r = await h.wado({ studyUID: studyIuid, seriesUID: seriesIuid, objectUID: sop }, h.tok.admin);
  expect(r.status).toBe(200);
  const at = path.join(dir, `${sop}.dcm`);
  writeFileSync(at, Buffer.from(await r.arrayBuffer()));
  return execFileSync('dcmdump', ['+U8', '-q', at], { encoding: 'utf8' });
}
const value = (dump: string, tag: string) => new RegExp(`\\(${tag}\\) \\w\\w \\[([^\\]]*)\\]`).exec(dump)?.[1];

/** Study n of H001: a patient's images in `seriesSizes` series (instances each), uploaded as a modality sends them. */
async function studyWith(
  n: number,
  seriesSizes: number[],
  o: { patientId?: string; name?: string; acc?: string } = {},
) {
  const files = seriesSizes.flatMap((count, s) =>
    Array.from({ length: count }, (_, i) => ({
      name: `S${s + 1}I${i + 1}`,
      data: buildDicom(
        ctSpec({
          n: i + 1,
          study: uid(950, n),
          series: uid(950, n, s + 1),
          sop: uid(950, n, s + 1, i + 1),
          patientId: o.patientId ?? `IE${n}`,
          patientName: o.name ?? `王^${n}`,
          accession: o.acc ?? `ACC${n}`,
          seriesNumber: s + 1,
        }),
      ),
    })),
  );
  const a = await uploadDicom(h.p.app, {
    token: h.tok.admin,
    files: [{ name: 'a.zip', data: await zipOf(files) }],
    hospital_code: 'H001',
  });
  expect(resultOf(a).data.uploaded).toBe(files.length);
  return studyRow(uid(950, n));
}
const setStatus = (studyPk: number, rpt_status: number) =>
  db().update(report).set({ rpt_status }).where(eq(report.study_pk, studyPk));
const lastAudit = async (target: string) =>
  (await db().select().from(auditLog).where(eq(auditLog.target, target)).orderBy(desc(auditLog.pk)).limit(1))[0];

beforeAll(async () => {
  // doctor2 (H002) may edit images too, to try H001's studies.
  await db().execute(sql`
    insert into role_permission (role_pk, permission_pk)
    select r.pk, pm.pk from role r, permission pm where r.code = 'report_doctor' and pm.perms = 'order:imageEdit'
    on conflict do nothing`);
  h.tok.doctor2 = await loginAs(h.p.app, 'doctor2', 'Doctor@123');
});

describe('moveSeries', () => {
  it("rewrites the series' images with the target's study, patient and accession, moves the rows, removes the old bytes", async () => {
    const a = await studyWith(1, [2, 1]);
    const b = await studyWith(2, [1], { patientId: 'IE-B', name: '李^四', acc: 'ACC-B' });
    const moved = uid(950, 1, 2);
    const oldKeys = (await instancesOf(a.pk)).map((i) => i.key);
    const r = await move('auditor', a.study_iuid, [moved], b.study_iuid);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      study_iuid: a.study_iuid,
      to_study_iuid: b.study_iuid,
      series: 1,
      instances: 1,
      binned: false,
    });
    expect(r.body.msg).toBe('1 series (1 images) moved to the chosen study');
    expect((await db().select().from(series).where(eq(series.series_iuid, moved)))[0]!.study_pk).toBe(b.pk);
    expect((await studyRow(a.study_iuid)).file_count).toBe(2);
    expect((await studyRow(b.study_iuid)).file_count).toBe(2);
    const sop = uid(950, 1, 2, 1);
    const dump = await dumpServed(b.study_iuid, moved, sop);
    expect(value(dump, '0020,000d')).toBe(b.study_iuid);
    expect(value(dump, '0010,0020')).toBe('IE-B');
    expect(value(dump, '0010,0010')).toBe('李^四');
    expect(value(dump, '0008,0050')).toBe('ACC-B');
    expect(value(dump, '0008,1030')).toBe('胸部CT平扫');
    // Served under the old study no more; the old bytes are gone from the store, the new ones there.
    expect((await h.wado({ studyUID: a.study_iuid, seriesUID: moved, objectUID: sop }, h.tok.admin)).status).toBe(404);
    const stored = await h.storedFiles();
    const newKey = (await instancesOf(b.pk)).find((i) => i.sop === sop)!.key;
    expect(newKey.startsWith(`${b.study_iuid}/`)).toBe(true);
    expect(stored).toContain(newKey);
    const oldKey = oldKeys.find((k) => k.endsWith(`/${sop}.dcm`))!;
    expect(stored).not.toContain(oldKey);
    expect(await lastAudit(`study:${b.pk}`)).toMatchObject({ action: 'image.move', username: 'auditor' });
  });

  it('is refused while either report is audited, changing nothing, and allowed once the audit is cancelled', async () => {
    const a = await studyWith(3, [1]);
    const b = await studyWith(4, [1]);
    await setStatus(b.pk, 2);
    const before = await h.state();
    const r = await move('auditor', a.study_iuid, [uid(950, 3, 1)], b.study_iuid);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'REPORT_STATE' });
    expect(r.body.msg).toContain('cancels the audit');
    const zh = await move('auditor', b.study_iuid, [uid(950, 4, 1)], a.study_iuid, 'zh-CN');
    expect(zh.status).toBe(409);
    expect(zh.body.msg).toContain('取消审核');
    expect(await h.state()).toEqual(before);
    await setStatus(b.pk, 1);
    expect((await move('auditor', a.study_iuid, [uid(950, 3, 1)], b.study_iuid)).status).toBe(200);
  });

  it('answers 404 for another hospital, a series of another study, a deleted study; 403 without the permission', async () => {
    const a = await studyWith(5, [1]);
    const b = await studyWith(6, [1]);
    const before = await h.state();
    expect((await move('doctor2', a.study_iuid, [uid(950, 5, 1)], b.study_iuid)).status).toBe(404);
    const register = await loginAs(h.p.app, 'register', 'Register@123');
    const body = { study_iuid: a.study_iuid, series_iuids: [uid(950, 5, 1)], to_study_iuid: b.study_iuid };
    expect((await call(h.p.app, 'POST', '/api/imageEdit/moveSeries', { token: register, json: body })).status).toBe(
      403,
    );
    expect((await move('auditor', a.study_iuid, [uid(950, 6, 1)], b.study_iuid)).status).toBe(404);
    await db().update(study).set({ is_del: 1 }).where(eq(study.pk, b.pk));
    expect((await move('auditor', a.study_iuid, [uid(950, 5, 1)], b.study_iuid)).status).toBe(404);
    await db().update(study).set({ is_del: 0 }).where(eq(study.pk, b.pk));
    const other = (await db().select().from(study).where(eq(study.study_iuid, h.h002Study)))[0]!;
    expect((await move('admin', a.study_iuid, [uid(950, 5, 1)], other.study_iuid)).body).toMatchObject({
      error: 'CONFLICT',
    });
    expect(await h.state()).toEqual(before);
  });

  it('refuses bad input in the caller language and changes nothing', async () => {
    const a = await studyWith(7, [1]);
    const before = await h.state();
    const same = await move('auditor', a.study_iuid, [uid(950, 7, 1)], a.study_iuid, 'zh-CN');
    expect(same.status).toBe(400);
    expect(JSON.stringify(same.body)).toContain('请选择另一个检查');
    expect((await move('auditor', a.study_iuid, [], uid(1))).status).toBe(400);
    expect((await move('auditor', a.study_iuid, ['x'], uid(1))).status).toBe(400);
    expect((await post('auditor', '/api/imageEdit/mergeStudy', { study_iuid: a.study_iuid })).status).toBe(400);
    expect(await h.state()).toEqual(before);
  });

  it('gives up with 409, its new bytes removed, when an image arrives in the series during the move', async () => {
    const a = await studyWith(8, [2]);
    const b = await studyWith(9, [1]);
    const before = await h.state();
    const images = h.p.deps.images;
    const get = images.get.bind(images);
    let arrived = false;
    images.get = async (key, range) => {
      if (!arrived && key.startsWith(`${a.study_iuid}/`)) {
        arrived = true;
        const late = buildDicom(
          ctSpec({ n: 3, study: a.study_iuid, series: uid(950, 8, 1), sop: uid(950, 8, 1, 3), patientId: 'IE8' }),
        );
        const up = await uploadDicom(h.p.app, {
          token: h.tok.admin,
          files: [{ name: 'late.dcm', data: late }],
          hospital_code: 'H001',
        });
        expect(resultOf(up).data.uploaded).toBe(1);
      }
      return get(key, range);
    };
    try {
      const r = await move('auditor', a.study_iuid, [uid(950, 8, 1)], b.study_iuid);
      expect(r.body.msg).toContain('nothing was changed');
      expect(r.status).toBe(409);
    } finally {
      images.get = get;
    }
    const after = await h.state();
    expect(after).toEqual({ ...before, instances: before.instances + 1, files: before.files + 1 });
    expect((await instancesOf(a.pk)).every((i) => i.key.startsWith(`${a.study_iuid}/`))).toBe(true);
  });
});

describe('files that cannot be rewritten', () => {
  it('a file missing from the store, or one the writer cannot read, is a 409 naming the image; nothing moves', async () => {
    const a = await studyWith(22, [2]);
    const b = await studyWith(23, [1]);
    const images = h.p.deps.images;
    const [first, second] = await instancesOf(a.pk);
    await images.remove(first!.key);
    const before = await h.state();
    const missing = await move('auditor', a.study_iuid, [uid(950, 22, 1)], b.study_iuid);
    expect([missing.status, missing.body.error]).toEqual([409, 'CONFLICT']);
    expect(missing.body.msg).toBe(
      `the file of image ${first!.sop} is missing from the image store; nothing was changed`,
    );
    expect(await h.state()).toEqual(before);
    // Bytes no DICOM reader takes where an image should be (a damaged disk, a file replaced by hand).
    await images.put(first!.key, Buffer.from('not a DICOM file'));
    const damaged = await move('auditor', a.study_iuid, [uid(950, 22, 1)], b.study_iuid, 'zh-CN');
    expect(damaged.status).toBe(409);
    expect(damaged.body.msg).toBe(
      `图像 ${first!.sop} 的文件无法改写（文件已损坏，或为 deflate、大端编码），未做任何更改`,
    );
    expect(await instancesOf(a.pk)).toEqual([first, second].map((i) => ({ sop: i!.sop, key: i!.key, size: i!.size })));
    expect(await h.state()).toEqual({ ...before, files: before.files + 1 });
  });
});

describe('mergeStudy', () => {
  it('moves every image to the target and sends the emptied study to the recycle bin; a restore brings it back empty', async () => {
    const a = await studyWith(10, [1, 2], { patientId: 'IE-DUP' });
    const b = await studyWith(11, [1], { patientId: 'IE-REAL', acc: 'ACC-REAL' });
    const r = await merge('auditor', a.study_iuid, b.study_iuid);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ series: 2, instances: 3, binned: true });
    const gone = await studyRow(a.study_iuid);
    expect(gone).toMatchObject({ is_del: 1, file_count: 0, delete_reason: 'merged into ACC-REAL' });
    expect((await studyRow(b.study_iuid)).file_count).toBe(4);
    expect((await instancesOf(b.pk)).every((i) => i.key.startsWith(`${b.study_iuid}/`))).toBe(true);
    expect(await lastAudit(`study:${b.pk}`)).toMatchObject({ action: 'study.merge' });
    expect(await lastAudit(`study:${a.pk}`)).toMatchObject({ action: 'study.delete' });
    const dump = await dumpServed(b.study_iuid, uid(950, 10, 2), uid(950, 10, 2, 2));
    expect(value(dump, '0010,0020')).toBe('IE-REAL');
    const restored = await post('auditor', '/api/order/restoreStudy', { study_iuids: [a.study_iuid] });
    expect(restored.status).toBe(200);
    expect((await studyRow(a.study_iuid)).file_count).toBe(0);
  });
});

describe('candidates', () => {
  it("offers the same patient's live studies first, or those a keyword finds, never the study itself", async () => {
    const a = await studyWith(12, [1], { patientId: 'IE-CAND' });
    const b = await studyWith(13, [1], { patientId: 'IE-CAND' });
    await studyWith(14, [1], { patientId: 'IE-OTHER', acc: 'ACC-FIND-ME' });
    const list = async (keyword?: string) =>
      (
        (await post('auditor', '/api/imageEdit/candidates', { study_iuid: a.study_iuid, keyword })).body
          .data as ImageEditChoice
      ).list;
    expect((await list()).map((c) => c.study_iuid)).toEqual([b.study_iuid]);
    const choice = (await post('auditor', '/api/imageEdit/candidates', { study_iuid: a.study_iuid })).body
      .data as ImageEditChoice;
    expect(choice.source).toMatchObject({ study_iuid: a.study_iuid, patient_id: 'IE-CAND', file_count: 1 });
    const found = await list('FIND-ME');
    expect(found.map((c) => c.accession_no)).toEqual(['ACC-FIND-ME']);
    expect(found[0]!.same_patient).toBe(false);
    expect((await post('doctor2', '/api/imageEdit/candidates', { study_iuid: a.study_iuid })).status).toBe(404);
  });
});

describe('mergePatient', () => {
  const mergePatient = (who: Who, from: string, to: string, lang?: string) =>
    post(who, '/api/imageEdit/mergePatient', { study_iuid: from, to_study_iuid: to }, lang);

  it("gives every study of the patient (in the bin too) the target's patient, each image rewritten under a revision key", async () => {
    const a = await studyWith(15, [2], { patientId: 'P-OLD', name: '赵^六', acc: 'ACC-15' });
    const binned = await studyWith(16, [1], { patientId: 'P-OLD', name: '赵^六', acc: 'ACC-16' });
    await db().update(study).set({ is_del: 1, deleted_at: new Date() }).where(eq(study.pk, binned.pk));
    const b = await studyWith(17, [1], { patientId: 'P-NEW', name: 'Zhao^Liu=赵^六', acc: 'ACC-17' });
    const choice = (await post('auditor', '/api/imageEdit/candidates', { study_iuid: a.study_iuid })).body
      .data as ImageEditChoice;
    expect(choice.patient_studies).toBe(2);
    const oldKeys = [...(await instancesOf(a.pk)), ...(await instancesOf(binned.pk))].map((i) => i.key);
    const r = await mergePatient('auditor', a.study_iuid, b.study_iuid);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ patient_id: 'P-OLD', to_patient_id: 'P-NEW', studies: 2, instances: 3 });
    for (const s of [a, binned]) {
      const row = await studyRow(s.study_iuid);
      expect(row).toMatchObject({ patient_id: 'P-NEW', patient_name: b.patient_name, is_del: s === a ? 0 : 1 });
      expect(
        (await instancesOf(s.pk)).every(
          (i) => i.key.startsWith(`${s.study_iuid}/`) && /\/1\/[0-9.]+\.dcm$/.test(i.key),
        ),
      ).toBe(true);
    }
    // Each image keeps its study and accession and takes the patient, all name groups included.
    const dump = await dumpServed(a.study_iuid, uid(950, 15, 1), uid(950, 15, 1, 2));
    expect(value(dump, '0010,0020')).toBe('P-NEW');
    expect(value(dump, '0010,0010')).toBe('Zhao^Liu=赵^六');
    expect(value(dump, '0020,000d')).toBe(a.study_iuid);
    expect(value(dump, '0008,0050')).toBe('ACC-15');
    const stored = await h.storedFiles();
    for (const k of oldKeys) expect(stored).not.toContain(k);
    expect(await lastAudit(`study:${b.pk}`)).toMatchObject({ action: 'patient.merge', username: 'auditor' });

    // Merged again into a third patient: the next revision.
    const c = await studyWith(18, [1], { patientId: 'P-THIRD', acc: 'ACC-18' });
    expect((await mergePatient('auditor', a.study_iuid, c.study_iuid)).body.data).toMatchObject({ studies: 3 });
    expect((await instancesOf(a.pk)).every((i) => /\/2\/[0-9.]+\.dcm$/.test(i.key))).toBe(true);
    expect(value(await dumpServed(a.study_iuid, uid(950, 15, 1), uid(950, 15, 1, 1)), '0010,0020')).toBe('P-THIRD');
  });

  it('is refused with nothing changed: an audited report, the same patient, no patient ID, another hospital', async () => {
    const a = await studyWith(19, [1], { patientId: 'P-AUD' });
    const a2 = await studyWith(20, [1], { patientId: 'P-AUD' });
    const b = await studyWith(21, [1], { patientId: 'P-SURV' });
    await setStatus(a2.pk, 2);
    const before = await h.state();
    const audited = await mergePatient('auditor', a.study_iuid, b.study_iuid, 'zh-CN');
    expect(audited.status).toBe(409);
    expect(audited.body).toMatchObject({ error: 'REPORT_STATE' });
    expect(audited.body.msg).toContain('取消审核');
    const same = await mergePatient('auditor', a.study_iuid, a2.study_iuid);
    expect([same.status, same.body.msg]).toEqual([
      409,
      'both studies already have the same patient ID: there is no patient to merge',
    ]);
    await db().update(study).set({ patient_id: '' }).where(eq(study.pk, b.pk));
    expect((await mergePatient('auditor', b.study_iuid, a.study_iuid)).body.msg).toContain('no patient ID');
    await db().update(study).set({ patient_id: 'P-SURV' }).where(eq(study.pk, b.pk));
    expect((await mergePatient('doctor2', a.study_iuid, b.study_iuid)).status).toBe(404);
    const other = (await db().select().from(study).where(eq(study.study_iuid, h.h002Study)))[0]!;
    expect((await mergePatient('admin', b.study_iuid, other.study_iuid)).body).toMatchObject({ error: 'CONFLICT' });
    expect(await h.state()).toEqual(before);
    expect((await studyRow(a.study_iuid)).patient_id).toBe('P-AUD');
  });

  it("is refused when the person has a study outside the caller's modalities (data2): all of them or none", async () => {
    const a = await studyWith(24, [1], { patientId: 'P-SCOPE' });
    const mr = await studyWith(25, [1], { patientId: 'P-SCOPE' });
    const b = await studyWith(26, [1], { patientId: 'P-SCOPE-2' });
    await db().update(study).set({ modality: 'MR' }).where(eq(study.pk, mr.pk));
    await db().execute(sql`update sys_user set data2 = '["CT"]'::jsonb where username = 'auditor'`);
    h.tok.auditor = await loginAs(h.p.app, 'auditor', 'Audit@123');
    try {
      const before = await h.state();
      const r = await mergePatient('auditor', a.study_iuid, b.study_iuid, 'zh-CN');
      expect([r.status, r.body.error]).toEqual([409, 'CONFLICT']);
      expect(r.body.msg).toContain('无权处理');
      expect(await h.state()).toEqual(before);
      expect((await studyRow(mr.study_iuid)).patient_id).toBe('P-SCOPE');
    } finally {
      await db().execute(sql`update sys_user set data2 = '[]'::jsonb where username = 'auditor'`);
      h.tok.auditor = await loginAs(h.p.app, 'auditor', 'Audit@123');
    }
    expect((await mergePatient('auditor', a.study_iuid, b.study_iuid)).status).toBe(200);
  });
});
