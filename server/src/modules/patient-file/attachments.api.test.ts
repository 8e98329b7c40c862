import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PatientFile } from '@shared/schemas/patient-files';
import { call, loginAs } from '../../../../tests/support/api-client';
import { useImagePlatform } from '../../../../tests/support/image-platform';
import { failPatientFileInserts, PDF, PNG_HEAD, postForm } from '../../../../tests/support/patient-files';

const t = useImagePlatform();
let register = '';
beforeAll(async () => {
  register = await loginAs(t.p.app, 'register', 'Register@123');
});

const upload = (token: string, file: { name: string; data: Buffer } | undefined, study = t.h001Study, lang?: string) =>
  postForm(t.p.app, '/UploadDicom/uploadPatFile', {
    token,
    ...(lang ? { lang } : {}),
    fields: { study_iuid: study },
    ...(file ? { file } : {}),
  });
const list = async (token: string, study = t.h001Study) =>
  call(t.p.app, 'POST', '/UploadDicom/patFileList', { token, json: { study_iuid: study } });
const show = (pk: number, o: { token?: string; viewer?: string; range?: string } = {}) =>
  t.p.app.request(`/UploadDicom/showFile?pk=${pk}${o.viewer ? `&token=${o.viewer}` : ''}`, {
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(o.range ? { range: o.range } : {}) },
  });
const counts = async () => {
  const [r] = await t.rows<{ files: string; audits: string }>(
    sql`select (select count(*) from patient_file) as files,
               (select count(*) from audit_log where action like 'patient_file.%') as audits`,
  );
  return { rows: Number(r!.files), audits: Number(r!.audits), stored: (await t.storedFiles()).length };
};
const audits = (action: string) =>
  t.rows<{ username: string; target: string; detail: { before: unknown; after: Record<string, unknown> } }>(
    sql`select username, target, detail from audit_log where action = ${action} order by pk`,
  );

describe('patient attachments', () => {
  let mine: PatientFile;

  it('adds an attachment by its bytes, whatever it is called, with an audit row and the bytes in the store', async () => {
    const before = await counts();
    const a = await upload(t.tok.doctor, { name: '知情同意书.pdf', data: PNG_HEAD });
    expect(a.status).toBe(200);
    mine = a.json.data as PatientFile;
    expect(mine).toMatchObject({ kind: 'file', name: '知情同意书.pdf', type: 'image/png', size_bytes: 12 });
    expect(mine.can_delete).toBe(true);
    expect(await counts()).toEqual({ rows: before.rows + 1, audits: before.audits + 1, stored: before.stored + 1 });
    expect((await t.storedFiles()).filter((f) => f.startsWith(`files/${t.h001Study}/`))).toHaveLength(1);
    const [audit] = (await audits('patient_file.upload')).slice(-1);
    expect(audit!.detail.after).toMatchObject({ pk: mine.pk, name: '知情同意书.pdf', type: 'image/png' });
  });

  it("lists the study's attachments with who and when; can_delete only for the uploader and role 1", async () => {
    await upload(t.tok.auditor, { name: 'form.pdf', data: PDF });
    const asDoctor = (await list(t.tok.doctor)).body.data as PatientFile[];
    expect(asDoctor.map((f) => [f.name, f.type, f.create_user, f.can_delete])).toEqual([
      ['知情同意书.pdf', 'image/png', expect.any(String), true],
      ['form.pdf', 'application/pdf', expect.any(String), false],
    ]);
    expect(asDoctor[0]!.create_user).not.toBe(asDoctor[1]!.create_user);
    expect(new Date(asDoctor[0]!.create_time).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const asAdmin = (await list(t.tok.admin)).body.data as PatientFile[];
    expect(asAdmin.every((f) => f.can_delete)).toBe(true);
  });

  it('refuses another type by its bytes (a text file named .jpg), naming the field in the caller language; nothing written', async () => {
    const before = await counts();
    const en = await upload(t.tok.doctor, { name: 'scan.jpg', data: Buffer.from('just text') });
    expect(en.status).toBe(400);
    expect(en.json.errors).toEqual([{ field: 'file', msg: 'An attachment must be a jpg, jpeg or png image or a pdf' }]);
    const zh = await upload(t.tok.doctor, { name: 'x.png', data: Buffer.from('GIF89a') }, t.h001Study, 'zh-CN');
    expect(zh.json.errors).toEqual([{ field: 'file', msg: '附件只能是 jpg、jpeg、png 图片或 pdf 文件' }]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a file over 20 MB (named) and a body past the limit (413); nothing written', async () => {
    const before = await counts();
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 ** 2 + 1 - PDF.length)]);
    const over = await upload(t.tok.doctor, { name: 'big.pdf', data: big });
    expect(over.status).toBe(400);
    expect(over.json.errors).toEqual([{ field: 'file', msg: 'An attachment is at most 20 MB' }]);
    const past = await upload(t.tok.doctor, { name: 'huge.pdf', data: Buffer.concat([big, Buffer.alloc(100_000)]) });
    expect(past.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('needs a chosen file and a study', async () => {
    const none = await upload(t.tok.doctor, undefined);
    expect(none.status).toBe(400);
    expect(none.json.errors?.map((e) => e.field)).toEqual(['file']);
    const noStudy = await postForm(t.p.app, '/UploadDicom/uploadPatFile', {
      token: t.tok.doctor,
      file: { name: 'a.pdf', data: PDF },
    });
    expect(noStudy.status).toBe(400);
    expect(noStudy.json.errors?.map((e) => e.field)).toEqual(['study_iuid']);
  });

  it("keeps another hospital's study out of reach: 404 to add, list, show or delete; nothing written", async () => {
    const before = await counts();
    expect((await upload(t.tok.doctor2, { name: 'a.pdf', data: PDF })).status).toBe(404);
    expect((await list(t.tok.doctor2)).status).toBe(404);
    expect((await show(mine.pk, { token: t.tok.doctor2 })).status).toBe(404);
    const del = await call(t.p.app, 'POST', '/UploadDicom/deletePatFile', {
      token: t.tok.doctor2,
      json: { pk: mine.pk },
    });
    expect(del.status).toBe(404);
    expect(await counts()).toEqual(before);
    // and the other way round: doctor2's own study is theirs
    expect((await upload(t.tok.doctor2, { name: 'b.pdf', data: PDF }, t.h002Study)).status).toBe(200);
    expect((await list(t.tok.doctor, t.h002Study)).status).toBe(404);
  });

  it('shows the file inline with its type and name, nosniff; by session, or by a viewer token of its study', async () => {
    const r = await show(mine.pk, { token: t.tok.doctor });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('content-disposition')).toBe(
      `inline; filename="_____.pdf"; filename*=UTF-8''${encodeURIComponent('知情同意书.pdf')}`,
    );
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await r.arrayBuffer())).toEqual(PNG_HEAD);
    expect((await show(mine.pk)).status).toBe(401);
    const token = async (who: string, study: string) =>
      (
        (await call(t.p.app, 'POST', '/wado/token', { token: who, json: { study_iuid: study } })).body.data as {
          token: string;
        }
      ).token;
    expect((await show(mine.pk, { viewer: await token(t.tok.doctor, t.h001Study) })).status).toBe(200);
    expect((await show(mine.pk, { viewer: await token(t.tok.doctor2, t.h002Study) })).status).toBe(404);
    expect((await show(mine.pk, { viewer: 'x'.repeat(43) })).status).toBe(401);
  });

  it('needs patorder:patfile to list or show attachments (registration staff hold neither)', async () => {
    expect((await list(register)).status).toBe(403);
    expect((await show(mine.pk, { token: register })).status).toBe(403);
    const viewer = (await call(t.p.app, 'POST', '/wado/token', { token: register, json: { study_iuid: t.h001Study } }))
      .body.data as { token: string };
    expect((await show(mine.pk, { viewer: viewer.token })).status).toBe(403);
    expect((await upload(register, { name: 'a.pdf', data: PDF })).status).toBe(403);
  });

  it('lets others delete only their own attachments; role 1 any; audited before and after', async () => {
    const files = (await list(t.tok.doctor)).body.data as PatientFile[];
    const auditorsFile = files.find((f) => f.name === 'form.pdf')!;
    const before = await counts();
    const notOwn = await call(t.p.app, 'POST', '/UploadDicom/deletePatFile', {
      token: t.tok.doctor,
      lang: 'en-US',
      json: { pk: auditorsFile.pk },
    });
    expect(notOwn.status).toBe(403);
    expect(notOwn.body.msg).toBe('You may delete only attachments you added (the super administrator may delete any)');
    expect(await counts()).toEqual(before);

    const own = await call(t.p.app, 'POST', '/UploadDicom/deletePatFile', {
      token: t.tok.doctor,
      json: { pk: mine.pk },
    });
    expect(own.status).toBe(200);
    const any = await call(t.p.app, 'POST', '/UploadDicom/deletePatFile', {
      token: t.tok.admin,
      json: { pk: auditorsFile.pk },
    });
    expect(any.status).toBe(200);
    expect((await list(t.tok.doctor)).body.data).toEqual([]);
    expect((await show(mine.pk, { token: t.tok.doctor })).status).toBe(404);
    const again = await call(t.p.app, 'POST', '/UploadDicom/deletePatFile', {
      token: t.tok.admin,
      json: { pk: mine.pk },
    });
    expect(again.status).toBe(404);
    const deleted = await audits('patient_file.delete');
    expect(deleted.map((a) => [a.username, a.detail.after])).toEqual([
      ['doctor', { pk: mine.pk, is_del: 1 }],
      ['admin', { pk: auditorsFile.pk, is_del: 1 }],
    ]);
    expect(deleted[0]!.detail.before).toMatchObject({ pk: mine.pk, name: '知情同意书.pdf', is_del: 0 });
    expect(JSON.stringify(deleted)).not.toContain('storage_key');
  });

  it('writes nothing half: a failed store leaves no row, a refused row leaves no bytes', async () => {
    const before = await counts();
    const put = t.p.deps.images.put;
    t.p.deps.images.put = () => Promise.reject(new Error('disk full'));
    try {
      expect((await upload(t.tok.doctor, { name: 'a.pdf', data: PDF })).status).toBe(500);
    } finally {
      t.p.deps.images.put = put;
    }
    expect(await counts()).toEqual(before);
    const undo = await failPatientFileInserts((q) => t.p.deps.db.execute(q));
    try {
      expect((await upload(t.tok.doctor, { name: 'a.pdf', data: PDF })).status).toBe(500);
    } finally {
      await undo();
    }
    expect(await counts()).toEqual(before);
  });
});
