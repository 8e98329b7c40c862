import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageStudyRow } from '../../../../shared/src/schemas/images';
import { call } from '../../../../tests/support/api-client';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';

const t = useImagePlatform();

/** A: H001, 3 images (IMG-A, ACC-A, 2024-01-05); B: H001, 2 images (2024-02-10); C: H002, 1 image. */
const A = uid(7);
const B = uid(8);
const C = uid(9);
const img = (study: string, n: number, more: Record<string, string> = {}) => ({
  name: `${study}-${n}`,
  data: buildDicom({
    study,
    series: `${study}.1`,
    sop: `${study}.1.${n}`,
    instanceNumber: n,
    rows: 8,
    cols: 8,
    ...more,
  }),
});
const sop = (study: string, n: number) => `${study}.1.${n}`;

beforeAll(async () => {
  const a = { patientId: 'IMG-A', accession: 'ACC-A', studyDate: '20240105', patientName: 'ALPHA^ONE' };
  const b = { patientId: 'IMG-B', accession: 'ACC-B', studyDate: '20240210', patientName: 'BETA^TWO' };
  const h001 = [img(A, 1, a), img(A, 2, a), img(A, 3, a), img(B, 1, b), img(B, 2, b)];
  for (const [files, hospital_code] of [
    [h001, 'H001'],
    [[img(C, 1, { patientId: 'IMG-C', accession: 'ACC-C' })], 'H002'],
  ] as const) {
    const up = await uploadDicom(t.p.app, {
      token: t.tok.admin,
      files: [{ name: 'x.zip', data: await zipOf([...files]) }],
      hospital_code,
    });
    expect(resultOf(up).data.uploaded).toBe(files.length);
  }
});

const post = (path: string, token: string, json: unknown, lang = 'en-US') =>
  call(t.p.app, 'POST', path, { token, lang, json });
const deleteImages = (token: string, study_iuid: string, sop_iuids: string, lang?: string) =>
  post('/api/order/deleteOrderImage', token, { study_iuid, sop_iuids }, lang);
const restore = (token: string, study_iuid: string, sop_iuids?: string) =>
  post('/api/order/reduction', token, sop_iuids === undefined ? { study_iuid } : { study_iuid, sop_iuids });
const deletedOf = async (study: string) =>
  (
    await t.rows<{ sop_iuid: string }>(
      sql`select i.sop_iuid from instance i join study s on s.pk = i.study_pk where s.study_iuid = ${study} and i.del_image = 1 order by i.sop_iuid`,
    )
  ).map((r) => r.sop_iuid);
const auditsOf = (action: string) =>
  t.rows<{
    target: string;
    detail: { before: { file_count: number }; after: { file_count: number; sop_iuids: string[] } };
  }>(sql`select target, detail from audit_log where action = ${action} order by pk`);
const list = async (token: string, filters: Record<string, string> = {}, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams({ filters: JSON.stringify(filters), ...extra });
  const r = await call(t.p.app, 'GET', `/api/order/imageStudies?${q}`, { token, lang: 'en-US' });
  return { status: r.status, rows: (r.body.data as { list: ImageStudyRow[] } | null)?.list ?? [], body: r.body };
};

describe('POST /api/order/deleteOrderImage', () => {
  it('warns when none is selected (in the caller language) and when all are deleted already; deletes and audits', async () => {
    const none = await deleteImages(t.tok.doctor, A, '');
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('No image selected');
    expect((await deleteImages(t.tok.doctor, A, ' , ', 'zh-CN')).body.msg).toBe('请选择图像');

    const done = await deleteImages(t.tok.doctor, A, `${sop(A, 1)},${sop(A, 2)},${sop(A, 2)}`);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ changed: 2, file_count: 1 });
    expect(await deletedOf(A)).toEqual([sop(A, 1), sop(A, 2)]);
    const [audit] = await auditsOf('image.delete');
    expect(audit).toMatchObject({
      detail: { before: { file_count: 3 }, after: { file_count: 1, sop_iuids: [sop(A, 1), sop(A, 2)] } },
    });

    const again = await deleteImages(t.tok.doctor, A, `${sop(A, 1)},${sop(A, 2)}`);
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('The selected images are all deleted already');
    expect((await deleteImages(t.tok.doctor, A, sop(A, 1), 'zh-CN')).body.msg).toBe('所选图像均已删除');
    expect(await auditsOf('image.delete')).toHaveLength(1);
  });

  it('needs patorder:deleteImage, and another hospital study is 404 with nothing changed', async () => {
    expect((await deleteImages(t.tok.auditor, A, sop(A, 3))).status).toBe(403);
    const other = await deleteImages(t.tok.doctor2, A, sop(A, 3));
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('ALPHA');
    expect((await deleteImages(t.tok.doctor, C, sop(C, 1))).status).toBe(404);
    expect((await deleteImages(t.tok.doctor, uid(99), '1.2.3')).status).toBe(404);
    expect(await deletedOf(A)).toEqual([sop(A, 1), sop(A, 2)]);
    expect(await deletedOf(C)).toEqual([]);
  });
});

describe('POST /api/order/reduction', () => {
  it('restores the named images, then every deleted one when none are named; nothing to restore warns', async () => {
    expect((await restore(t.tok.auditor, A)).status).toBe(403);
    expect((await restore(t.tok.doctor2, A)).status).toBe(404);
    expect(await deletedOf(A)).toEqual([sop(A, 1), sop(A, 2)]);

    const some = await restore(t.tok.doctor, A, sop(A, 2));
    expect(some.body.data).toEqual({ changed: 1, file_count: 2 });
    expect(await deletedOf(A)).toEqual([sop(A, 1)]);
    const notDeleted = await restore(t.tok.doctor, A, sop(A, 3));
    expect(notDeleted.status).toBe(400);
    expect(notDeleted.body.msg).toBe('None of the selected images is deleted');

    const rest = await restore(t.tok.doctor, A);
    expect(rest.body.data).toEqual({ changed: 1, file_count: 3 });
    expect(await deletedOf(A)).toEqual([]);
    const nothing = await restore(t.tok.doctor, A);
    expect(nothing.status).toBe(400);
    expect(nothing.body.msg).toBe('None of the selected images is deleted');
    expect((await restore(t.tok.doctor, A, '')).body.msg).toBe('No image selected');

    const audits = await auditsOf('image.restore');
    expect(
      audits.map((a) => [a.detail.before.file_count, a.detail.after.file_count, a.detail.after.sop_iuids]),
    ).toEqual([
      [1, 2, [sop(A, 2)]],
      [2, 3, [sop(A, 1)]],
    ]);
  });
});

describe('GET /api/order/imageStudies', () => {
  const iuids = (rows: ImageStudyRow[]) => rows.map((r) => r.study_iuid).sort();

  it('lists only studies with stored images, in the caller hospital; another hospital asked for is refused', async () => {
    expect(iuids((await list(t.tok.admin)).rows)).toEqual([A, B, C].sort());
    expect(iuids((await list(t.tok.doctor)).rows)).toEqual([A, B].sort());
    expect(iuids((await list(t.tok.doctor2)).rows)).toEqual([C]);
    const [h002] = await t.rows<{ sn: string }>(sql`select sn from hospital where code = 'H002'`);
    expect((await list(t.tok.doctor, { sn: h002!.sn })).status).toBe(403);
    expect(iuids((await list(t.tok.admin, { sn: h002!.sn })).rows)).toEqual([C]);
    expect((await list(t.tok.auditor)).status).toBe(403);
  });

  it('counts live images, their size, every stored image and the deleted ones; filters on has_deleted', async () => {
    expect((await deleteImages(t.tok.doctor, B, sop(B, 1))).status).toBe(200);
    const [size] = await t.rows<{ n: string }>(
      sql`select sum(i.size_bytes) as n from instance i join study s on s.pk = i.study_pk where s.study_iuid = ${B} and i.del_image = 0`,
    );
    const b = (await list(t.tok.doctor)).rows.find((r) => r.study_iuid === B)!;
    expect(b).toMatchObject({
      file_count: 1,
      file_size: Number(size!.n),
      image_count: 2,
      deleted_count: 1,
      patient_id: 'IMG-B',
      hospital_code: 'H001',
    });
    expect(b.hospital_name).not.toBe('');
    expect(iuids((await list(t.tok.doctor, { has_deleted: '1' })).rows)).toEqual([B]);
    expect(iuids((await list(t.tok.doctor, { has_deleted: '0' })).rows)).toEqual([A]);
    const byDeleted = await list(t.tok.admin, {}, { column: 'deleted_count', order: 'desc' });
    expect(byDeleted.rows[0]!.study_iuid).toBe(B);
  });

  it('filters on patient id, name, accession number and study date range', async () => {
    expect(iuids((await list(t.tok.doctor, { patient_id: 'IMG-A' })).rows)).toEqual([A]);
    expect(iuids((await list(t.tok.doctor, { patient_name: 'beta' })).rows)).toEqual([B]);
    expect(iuids((await list(t.tok.doctor, { accession_no: 'ACC-B' })).rows)).toEqual([B]);
    expect(iuids((await list(t.tok.doctor, { startDate: '2024-01-01', endDate: '2024-01-31' })).rows)).toEqual([A]);
    expect(iuids((await list(t.tok.doctor, { startDate: '2024-02-10', endDate: '2024-02-10' })).rows)).toEqual([B]);
    const page = await list(t.tok.admin, {}, { pageSize: '10' });
    expect(page.body.data).toMatchObject({ totalRow: 3, pageNumber: 1, pageSize: 10 });
    const bad = await list(t.tok.doctor, { has_deleted: 'yes' });
    expect(bad.status).toBe(400);
  });
});
