import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs } from '../../../tests/support/api-client';
import { startTestPlatform, type TestPlatform } from '../../../tests/support/api-platform';
import { buildDicom, truncate, uid, zipOf, type InstanceSpec } from '../../../tests/support/dicom-builder';
import { filesOf, resultOf, uploadDicom } from '../../../tests/support/image-upload';

let p: TestPlatform;
let dataDir: string;
const tok: Record<'admin' | 'doctor' | 'doctor2' | 'auditor', string> = {
  admin: '',
  doctor: '',
  doctor2: '',
  auditor: '',
};
let h001Study: string;
let h002Study: string;

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await p.deps.db.execute(q)) as unknown as { rows: T[] }).rows;
}
const count = async (table: 'instance' | 'series' | 'study' | 'report') =>
  Number((await rows<{ n: string }>(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (e.isFile()) out.push(path.relative(dir, path.join(e.parentPath, e.name)));
  }
  return out;
}
const storedFiles = async () =>
  (await filesUnder(path.join(dataDir, 'images'))).filter((f) => !f.startsWith('.staging'));
const stagedFiles = () => filesUnder(path.join(dataDir, 'images', '.staging'));
const state = async () => ({
  instances: await count('instance'),
  series: await count('series'),
  studies: await count('study'),
  reports: await count('report'),
  files: (await storedFiles()).length,
  staged: (await stagedFiles()).length,
});

const wado = (q: Record<string, string>, token?: string) =>
  p.app.request(`/wado?${new URLSearchParams({ requestType: 'WADO', contentType: 'application/dicom', ...q })}`, {
    headers: { 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
const ct = (s: Partial<InstanceSpec> & { n: number; study?: string }): InstanceSpec => ({
  study: s.study ?? uid(1),
  series: s.series ?? uid(1, 1),
  sop: s.sop ?? uid(1, 1, s.n),
  instanceNumber: s.n,
  charset: 'GB18030',
  patientName: '张^三',
  studyDesc: '胸部CT平扫',
  rows: 64,
  cols: 64,
  ...s,
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'im-images-'));
  p = await startTestPlatform({ DATA_DIR: dataDir });
  // The demo roles leave upload and image deletion to the super administrator; report doctors get them here.
  await p.deps.db.execute(sql`
    insert into role_permission (role_pk, permission_pk)
    select r.pk, pm.pk from role r, permission pm
    where r.code = 'report_doctor' and pm.perms in ('pacsOrder:uploadZip', 'patorder:deleteImage')
    on conflict do nothing`);
  for (const [who, pw] of [
    ['admin', 'Admin@123'],
    ['doctor', 'Doctor@123'],
    ['doctor2', 'Doctor@123'],
    ['auditor', 'Audit@123'],
  ] as const) {
    tok[who] = await loginAs(p.app, who, pw);
  }
  const first = async (code: string) =>
    (
      await rows<{ study_iuid: string }>(
        sql`select study_iuid from study where hospital_code = ${code} order by pk limit 1`,
      )
    )[0]!.study_iuid;
  h001Study = await first('H001');
  h002Study = await first('H002');
});
afterAll(async () => {
  await p?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('POST /UploadDicom/uploadZip: the rules', () => {
  it("refuses no hospital, the wrong type, two files or no file, with the spec's messages, writing nothing", async () => {
    const before = await state();
    const file = { name: 'ct.dcm', data: buildDicom(ct({ n: 1 })) };
    const noHospital = await uploadDicom(p.app, { token: tok.doctor, files: [file] });
    expect(noHospital.status).toBe(400);
    expect(noHospital.json?.msg).toBe('Please choose a hospital');
    const zh = await uploadDicom(p.app, { token: tok.doctor, files: [file], hospital_code: '', lang: 'zh-CN' });
    expect(zh.json?.msg).toBe('请选择医院');
    const txt = await uploadDicom(p.app, {
      token: tok.doctor,
      files: [{ name: 'ct.txt', data: file.data }],
      hospital_code: 'H001',
    });
    expect(txt.status).toBe(400);
    expect(txt.json?.msg).toBe('Wrong file format: upload a single .dcm or .zip file');
    const zhTxt = await uploadDicom(p.app, {
      token: tok.doctor,
      files: [{ name: 'ct.jpg', data: file.data }],
      hospital_code: 'H001',
      lang: 'zh-CN',
    });
    expect(zhTxt.json?.msg).toBe('文件格式错误，只能上传单个 .dcm 或 .zip 文件');
    const two = await uploadDicom(p.app, { token: tok.doctor, files: [file, file], hospital_code: 'H001' });
    expect(two.status).toBe(400);
    expect(two.json?.msg).toMatch(/Wrong file format/);
    const none = await uploadDicom(p.app, { token: tok.doctor, hospital_code: 'H001' });
    expect(none.status).toBe(400);
    expect(none.json?.errors?.[0]?.field).toBe('file');
    const extra = await uploadDicom(p.app, {
      token: tok.doctor,
      files: [file],
      hospital_code: 'H001',
      extra: { note: 'x' },
    });
    expect(extra.status).toBe(400);
    expect(extra.json?.errors?.[0]?.field).toBe('note');
    expect(await state()).toEqual(before);
  });

  it("keeps a non-super user to their own hospital; an unknown hospital is 'please choose'", async () => {
    const before = await state();
    const file = { name: 'ct.dcm', data: buildDicom(ct({ n: 1 })) };
    expect((await uploadDicom(p.app, { token: tok.doctor, files: [file], hospital_code: 'H002' })).status).toBe(403);
    expect((await uploadDicom(p.app, { token: tok.doctor2, files: [file], hospital_code: 'H001' })).status).toBe(403);
    const unknown = await uploadDicom(p.app, { token: tok.admin, files: [file], hospital_code: 'H999' });
    expect(unknown.status).toBe(400);
    expect(unknown.json?.msg).toBe('Please choose a hospital');
    expect((await uploadDicom(p.app, { token: tok.auditor, files: [file], hospital_code: 'H001' })).status).toBe(403);
    expect(await state()).toEqual(before);
  });
});

describe('ingest', () => {
  const ctFile = buildDicom({ ...ct({ n: 1 }), rows: 512, cols: 512, patientName: '张^三', age: '045Y' });

  it('an unknown study from a GB18030 CT becomes a worklist row of the chosen hospital with its first report', async () => {
    const before = await state();
    const a = await uploadDicom(p.app, {
      token: tok.doctor,
      files: [{ name: 'ct.dcm', data: ctFile }],
      hospital_code: 'H001',
    });
    expect(a.status).toBe(200);
    expect(a.type).toContain('application/x-ndjson');
    expect(a.lines[0]).toMatchObject({
      type: 'file',
      done: 1,
      total: 1,
      file: 'ct.dcm',
      status: 'uploaded',
      msg: 'ct.dcm uploaded',
    });
    expect(resultOf(a)).toMatchObject({ success: true, data: { uploaded: 1, failed: 0, studies: [uid(1)] } });
    const [s] = await rows<Record<string, unknown>>(sql`select * from study where study_iuid = ${uid(1)}`);
    expect(s).toMatchObject({
      hospital_code: 'H001',
      patient_name: '张三',
      patient_id: 'PT0001',
      patient_sex: 'M',
      patient_age: '45Y',
      modality: 'CT',
      study_desc: '胸部CT平扫',
      accession_no: 'ACC001',
      has_dicom_file: 1,
      file_count: 1,
      del_image: 0,
    });
    expect(Number(s!.file_size)).toBe(ctFile.length);
    const reports = await rows<{ rpt_position: number; rpt_status: number }>(
      sql`select rpt_position, rpt_status from report where study_pk = ${s!.pk}`,
    );
    expect(reports).toEqual([{ rpt_position: 1, rpt_status: 0 }]);
    const [inst] = await rows<Record<string, unknown>>(sql`select * from instance where sop_iuid = ${uid(1, 1, 1)}`);
    expect(inst).toMatchObject({
      transfer_syntax: '1.2.840.10008.1.2.1',
      rows: 512,
      cols: 512,
      frame_count: 1,
      del_image: 0,
    });
    expect(await readFile(path.join(dataDir, 'images', String(inst!.storage_key)))).toEqual(ctFile);
    const audit = await rows<{ action: string; detail: { after: { file_count: number } } }>(
      sql`select action, detail from audit_log where target = ${`study:${s!.pk}`}`,
    );
    expect(audit).toEqual([expect.objectContaining({ action: 'image.upload' })]);
    expect(audit[0]!.detail.after.file_count).toBe(1);
    const after = await state();
    expect(after).toMatchObject({
      instances: before.instances + 1,
      studies: before.studies + 1,
      reports: before.reports + 1,
      staged: 0,
    });
    expect(after.files).toBe(before.files + 1);
    // the worklist lists it, name and all
    const list = await call(p.app, 'POST', '/api/order/OrderList', {
      token: tok.doctor,
      json: { pageNumber: 1, pageSize: 20, patient_name: '张三' },
    });
    expect(JSON.stringify(list.body)).toContain(uid(1));
  });

  it("an instance of a known study attaches to it: the study's counts, no new row", async () => {
    const before = await state();
    const file = buildDicom({
      study: h001Study,
      series: uid(2, 1),
      sop: uid(2, 1, 1),
      rows: 32,
      cols: 32,
      patientName: 'OTHER^NAME',
    });
    const [was] = await rows<{ patient_name: string }>(
      sql`select patient_name from study where study_iuid = ${h001Study}`,
    );
    const a = await uploadDicom(p.app, {
      token: tok.doctor,
      files: [{ name: 'known.dcm', data: file }],
      hospital_code: 'H001',
    });
    expect(resultOf(a).data).toMatchObject({ uploaded: 1, studies: [h001Study] });
    const [s] = await rows<Record<string, unknown>>(sql`select * from study where study_iuid = ${h001Study}`);
    expect(s).toMatchObject({ file_count: 1, has_dicom_file: 1, patient_name: was!.patient_name });
    expect(Number(s!.file_size)).toBe(file.length);
    expect(await state()).toMatchObject({
      studies: before.studies,
      reports: before.reports,
      instances: before.instances + 1,
    });
  });

  it("an instance of another hospital's known study is refused, named", async () => {
    const before = await state();
    const file = buildDicom({ study: h001Study, series: uid(2, 9), sop: uid(2, 9, 1), rows: 8, cols: 8 });
    const a = await uploadDicom(p.app, {
      token: tok.doctor2,
      files: [{ name: 'x.dcm', data: file }],
      hospital_code: 'H002',
    });
    expect(filesOf(a)['x.dcm']).toMatchObject({
      status: 'failed',
      msg: 'x.dcm failed: the study belongs to another hospital',
    });
    expect(resultOf(a).success).toBe(false);
    expect(await state()).toEqual(before);
  });

  const zipEntries = () => [
    { name: 'series1/IM0002', data: buildDicom(ct({ n: 2, charset: 'GBK', syntax: 'implicit' })) },
    { name: 'series1/IM0003', data: buildDicom(ct({ n: 3, charset: 'ISO_IR 192' })) },
    {
      name: 'series2/jpeg.dcm',
      data: buildDicom(ct({ n: 1, series: uid(1, 2), sop: uid(1, 2, 1), syntax: 'jpegBaseline' })),
    },
    { name: 'series1/cut.dcm', data: truncate(buildDicom(ct({ n: 4 }))) },
    { name: 'readme.txt', data: Buffer.from('not an image') },
    { name: '__MACOSX/series1/._IM0002', data: Buffer.from('resource fork') },
  ];

  it('a zip: good files in, a truncated and a non-DICOM one named and skipped; JPEG kept as sent', async () => {
    const before = await state();
    const entries = zipEntries();
    const a = await uploadDicom(p.app, {
      token: tok.doctor,
      files: [{ name: '检查.zip', data: await zipOf(entries, true) }],
      hospital_code: 'H001',
    });
    expect(a.status).toBe(200);
    const files = filesOf(a);
    expect(Object.keys(files).sort()).toEqual([
      'readme.txt',
      'series1/IM0002',
      'series1/IM0003',
      'series1/cut.dcm',
      'series2/jpeg.dcm',
    ]);
    expect(files['series1/cut.dcm']).toMatchObject({
      status: 'failed',
      msg: 'series1/cut.dcm failed: the file is truncated or damaged',
    });
    expect(files['readme.txt']).toMatchObject({ status: 'failed', msg: 'readme.txt failed: not a DICOM file' });
    expect(a.lines.filter((l) => l.type === 'file').map((l) => (l.type === 'file' ? l.done : 0))).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(resultOf(a)).toMatchObject({
      success: false,
      msg: 'Upload finished: 3 uploaded, 2 failed',
      data: { uploaded: 3, failed: 2, duplicates: 0 },
    });
    const after = await state();
    expect(after).toMatchObject({
      instances: before.instances + 3,
      files: before.files + 3,
      staged: 0,
      series: before.series + 1,
    });
    expect(await rows(sql`select 1 from instance where sop_iuid = ${uid(1, 1, 4)}`)).toEqual([]);
    const [s] = await rows<{ file_count: number }>(sql`select file_count from study where study_iuid = ${uid(1)}`);
    expect(s!.file_count).toBe(4);
    const jpeg = await wado({ studyUID: uid(1), seriesUID: uid(1, 2), objectUID: uid(1, 2, 1) }, tok.doctor);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('application/dicom');
    expect(Buffer.from(await jpeg.arrayBuffer())).toEqual(entries[2]!.data);
    const [j] = await rows<{ transfer_syntax: string }>(
      sql`select transfer_syntax from instance where sop_iuid = ${uid(1, 2, 1)}`,
    );
    expect(j!.transfer_syntax).toBe('1.2.840.10008.1.2.4.50');
  });

  it('uploading the same instances again stores nothing twice', async () => {
    const before = await state();
    const [s0] = await rows<{ file_count: number; file_size: string }>(
      sql`select file_count, file_size from study where study_iuid = ${uid(1)}`,
    );
    const a = await uploadDicom(p.app, {
      token: tok.doctor,
      files: [{ name: 'again.zip', data: await zipOf(zipEntries()) }],
      hospital_code: 'H001',
    });
    expect(resultOf(a).data).toMatchObject({ uploaded: 0, duplicates: 3, failed: 2 });
    expect(filesOf(a)['series1/IM0002']!.msg).toBe('series1/IM0002 is already in the archive; not stored again');
    const one = await uploadDicom(p.app, {
      token: tok.doctor,
      files: [{ name: 'ct.dcm', data: ctFile }],
      hospital_code: 'H001',
    });
    expect(resultOf(one)).toMatchObject({ success: true, data: { uploaded: 0, duplicates: 1 } });
    expect(await state()).toEqual(before);
    const [s1] = await rows<{ file_count: number; file_size: string }>(
      sql`select file_count, file_size from study where study_iuid = ${uid(1)}`,
    );
    expect(s1).toEqual(s0);
  });

  it('a failed upload leaves no rows and no files: not a zip, nothing good, a database failure mid-batch', async () => {
    const before = await state();
    const notZip = await uploadDicom(p.app, {
      token: tok.doctor,
      files: [{ name: 'broken.zip', data: Buffer.from('PK\x03\x04 nope') }],
      hospital_code: 'H001',
    });
    expect(notZip.status).toBe(400);
    expect(notZip.json?.msg).toMatch(/Wrong file format/);
    const bad = await uploadDicom(p.app, {
      token: tok.doctor,
      files: [
        {
          name: 'bad.zip',
          data: await zipOf([
            {
              name: 'cut.dcm',
              data: truncate(buildDicom(ct({ n: 1, study: uid(4), series: uid(4, 1), sop: uid(4, 1, 1) }))),
            },
          ]),
        },
      ],
      hospital_code: 'H001',
    });
    expect(resultOf(bad)).toMatchObject({ success: false, data: { uploaded: 0, failed: 1 } });
    expect(await state()).toEqual(before);

    // The database refuses one instance: its batch is rolled back and retried file by file.
    await p.deps.db.execute(
      sql.raw(`create function im_refuse() returns trigger language plpgsql as $$
      begin if new.sop_iuid = '${uid(5, 1, 1)}' then raise exception 'refused by the test'; end if; return new; end $$`),
    );
    await p.deps.db.execute(
      sql.raw('create trigger im_refuse before insert on instance for each row execute function im_refuse()'),
    );
    try {
      const mixed = await uploadDicom(p.app, {
        token: tok.doctor,
        files: [
          {
            name: 'mixed.zip',
            data: await zipOf([
              {
                name: 'good1.dcm',
                data: buildDicom(ct({ n: 1, study: uid(6), series: uid(6, 1), sop: uid(6, 1, 1) })),
              },
              {
                name: 'refused.dcm',
                data: buildDicom(ct({ n: 1, study: uid(5), series: uid(5, 1), sop: uid(5, 1, 1) })),
              },
              {
                name: 'good2.dcm',
                data: buildDicom(ct({ n: 2, study: uid(6), series: uid(6, 1), sop: uid(6, 1, 2) })),
              },
            ]),
          },
        ],
        hospital_code: 'H001',
      });
      expect(filesOf(mixed)['refused.dcm']).toMatchObject({
        status: 'failed',
        msg: 'refused.dcm failed: it could not be stored',
      });
      expect(resultOf(mixed).data).toMatchObject({ uploaded: 2, failed: 1, studies: [uid(6)] });
    } finally {
      await p.deps.db.execute(sql.raw('drop trigger im_refuse on instance'));
      await p.deps.db.execute(sql.raw('drop function im_refuse()'));
    }
    expect(await rows(sql`select 1 from study where study_iuid = ${uid(5)}`)).toEqual([]);
    expect((await storedFiles()).filter((f) => f.startsWith(`${uid(5)}/`))).toEqual([]);
    expect(await state()).toMatchObject({
      instances: before.instances + 2,
      files: before.files + 2,
      studies: before.studies + 1,
      staged: 0,
    });
  });
});

describe('serving images', () => {
  const ref = () => ({ studyUID: uid(1), seriesUID: uid(1, 1), objectUID: uid(1, 1, 1) });
  const tokenFor = async (token: string, study_iuid: string) => {
    const r = await call(p.app, 'POST', '/wado/token', { token, json: { study_iuid } });
    return { status: r.status, token: (r.body.data as { token?: string } | null)?.token ?? '' };
  };

  it('WADO-URI serves the stored bytes as application/dicom; other content types are 406 for now', async () => {
    const r = await wado(ref(), tok.doctor);
    expect(r.status).toBe(200);
    const body = Buffer.from(await r.arrayBuffer());
    expect(body.toString('latin1', 128, 132)).toBe('DICM');
    expect(r.headers.get('content-length')).toBe(String(body.length));
    const jpeg = await wado({ ...ref(), contentType: 'image/jpeg' }, tok.doctor);
    expect(jpeg.status).toBe(406);
    expect(((await jpeg.json()) as { msg: string }).msg).toMatch(/image\/jpeg/);
    const noType = await p.app.request(`/wado?${new URLSearchParams({ requestType: 'WADO', ...ref() })}`, {
      headers: { authorization: `Bearer ${tok.doctor}` },
    });
    expect(noType.status).toBe(406);
    expect((await wado({ ...ref(), objectUID: uid(1, 1, 99) }, tok.doctor)).status).toBe(404);
    expect((await wado({ ...ref(), seriesUID: uid(1, 2) }, tok.doctor)).status).toBe(404);
    expect((await wado({ ...ref(), requestType: 'RSS' }, tok.doctor)).status).toBe(400);
    expect((await wado(ref())).status).toBe(401);
  });

  it('doctor2 (H002) gets no H001 pixel by any URL or token', async () => {
    const r = await wado(ref(), tok.doctor2);
    expect(r.status).toBe(403);
    expect(await r.text()).not.toContain('DICM');
    expect((await tokenFor(tok.doctor2, uid(1))).status).toBe(403);
    const list = await call(p.app, 'POST', '/wado/getDicomList', { token: tok.doctor2, json: { study_iuid: uid(1) } });
    expect(list.status).toBe(403);
    const own = await tokenFor(tok.doctor2, h002Study);
    expect(own.status).toBe(200);
    const other = await wado({ ...ref(), token: own.token });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('DICM');
    // the session token in the URL is not a viewer token
    expect((await wado({ ...ref(), token: tok.doctor2 })).status).toBe(401);
  });

  it("a viewer token opens its own study's images only, without the session header, and dies with the session", async () => {
    const session = await loginAs(p.app, 'doctor', 'Doctor@123');
    const t = await tokenFor(session, uid(1));
    expect(t.status).toBe(200);
    const r = await wado({ ...ref(), token: t.token });
    expect(r.status).toBe(200);
    expect(Buffer.from(await r.arrayBuffer()).toString('latin1', 128, 132)).toBe('DICM');
    const otherStudy = await wado({
      studyUID: h001Study,
      seriesUID: uid(2, 1),
      objectUID: uid(2, 1, 1),
      token: t.token,
    });
    expect(otherStudy.status).toBe(404);
    expect((await wado({ studyUID: h001Study, seriesUID: uid(2, 1), objectUID: uid(2, 1, 1) }, session)).status).toBe(
      200,
    );
    const forged = await wado({ ...ref(), token: 'x'.repeat(43) });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { msg: string }).msg).toMatch(/viewer token/);
    await call(p.app, 'POST', '/user/logout', { token: session });
    expect((await wado({ ...ref(), token: t.token })).status).toBe(401);
  });

  it('the image list, delete and restore: deleted images are not served; none selected and all deleted warn', async () => {
    const list = await call(p.app, 'POST', '/wado/getDicomList', { token: tok.auditor, json: { study_iuid: uid(1) } });
    expect(list.status).toBe(200);
    const data = list.body.data as {
      series: { series_iuid: string; instances: { sop_iuid: string; del_image: number }[] }[];
    };
    expect(data.series.map((s) => [s.series_iuid, s.instances.map((i) => i.sop_iuid)])).toEqual([
      [uid(1, 1), [uid(1, 1, 1), uid(1, 1, 2), uid(1, 1, 3)]],
      [uid(1, 2), [uid(1, 2, 1)]],
    ]);
    const del = (token: string, sop_iuids: string, path = '/wado/deleteImage') =>
      call(p.app, 'POST', path, { token, lang: 'en-US', json: { study_iuid: uid(1), sop_iuids } });
    expect((await del(tok.auditor, uid(1, 1, 1))).status).toBe(403);
    const none = await del(tok.doctor, '');
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('No image selected');
    const [audits0] = await rows<{ n: string }>(sql`select count(*) as n from audit_log where action like 'image.%'`);

    const done = await del(tok.doctor, `${uid(1, 1, 1)},${uid(1, 1, 2)}`);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ changed: 2, file_count: 2 });
    expect((await wado(ref(), tok.doctor)).status).toBe(404);
    const again = await del(tok.doctor, uid(1, 1, 1));
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('The selected images are all deleted already');
    const flagged = await call(p.app, 'POST', '/wado/getDicomList', {
      token: tok.doctor,
      json: { study_iuid: uid(1) },
    });
    expect(JSON.stringify(flagged.body.data)).toContain(
      `"sop_iuid":"${uid(1, 1, 1)}","instance_number":1,"frame_count":1,"rows":512,"cols":512,"transfer_syntax":"1.2.840.10008.1.2.1","size_bytes":${ctFile().length},"del_image":1`,
    );
    // another hospital's doctor cannot delete or restore here
    expect((await del(tok.doctor2, uid(1, 1, 3))).status).toBe(403);

    const restored = await del(tok.doctor, uid(1, 1, 1), '/wado/restoreImage');
    expect(restored.body.data).toEqual({ changed: 1, file_count: 3 });
    expect((await wado(ref(), tok.doctor)).status).toBe(200);
    expect((await del(tok.doctor, uid(1, 1, 1), '/wado/restoreImage')).body.msg).toBe(
      'None of the selected images is deleted',
    );
    const audits = await rows<{
      action: string;
      detail: { before: { file_count: number }; after: { file_count: number; sop_iuids: string[] } };
    }>(sql`select action, detail from audit_log where action in ('image.delete', 'image.restore') order by pk`);
    expect(audits.length).toBe(2);
    expect(audits[0]).toMatchObject({
      action: 'image.delete',
      detail: { before: { file_count: 4 }, after: { file_count: 2 } },
    });
    expect(audits[1]).toMatchObject({
      action: 'image.restore',
      detail: { before: { file_count: 2 }, after: { file_count: 3, sop_iuids: [uid(1, 1, 1)] } },
    });
    expect(Number(audits0!.n)).toBeGreaterThan(0);
  });
});

function ctFile() {
  return buildDicom({ ...ct({ n: 1 }), rows: 512, cols: 512, patientName: '张^三', age: '045Y' });
}
