import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { buildDicom, truncate, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { ctSpec as ct, useImagePlatform } from '../../../../tests/support/image-platform';
import { filesOf, resultOf, uploadDicom } from '../../../../tests/support/image-upload';

const t = useImagePlatform();

describe('POST /UploadDicom/uploadZip: the rules', () => {
  it("refuses no hospital, the wrong type, two files or no file, with the spec's messages, writing nothing", async () => {
    const before = await t.state();
    const file = { name: 'ct.dcm', data: buildDicom(ct({ n: 1 })) };
    const noHospital = await uploadDicom(t.p.app, { token: t.tok.doctor, files: [file] });
    expect(noHospital.status).toBe(400);
    expect(noHospital.json?.msg).toBe('Please choose a hospital');
    const zh = await uploadDicom(t.p.app, { token: t.tok.doctor, files: [file], hospital_code: '', lang: 'zh-CN' });
    expect(zh.json?.msg).toBe('请选择医院');
    const txt = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'ct.txt', data: file.data }],
      hospital_code: 'H001',
    });
    expect(txt.status).toBe(400);
    expect(txt.json?.msg).toBe('Wrong file format: upload a single .dcm or .zip file');
    const zhTxt = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'ct.jpg', data: file.data }],
      hospital_code: 'H001',
      lang: 'zh-CN',
    });
    expect(zhTxt.json?.msg).toBe('文件格式错误，只能上传单个 .dcm 或 .zip 文件');
    const two = await uploadDicom(t.p.app, { token: t.tok.doctor, files: [file, file], hospital_code: 'H001' });
    expect(two.status).toBe(400);
    expect(two.json?.msg).toMatch(/Wrong file format/);
    const none = await uploadDicom(t.p.app, { token: t.tok.doctor, hospital_code: 'H001' });
    expect(none.status).toBe(400);
    expect(none.json?.errors?.[0]?.field).toBe('file');
    const extra = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [file],
      hospital_code: 'H001',
      extra: { note: 'x' },
    });
    expect(extra.status).toBe(400);
    expect(extra.json?.errors?.[0]?.field).toBe('note');
    expect(await t.state()).toEqual(before);
  });

  it("keeps a non-super user to their own hospital; an unknown hospital is 'please choose'", async () => {
    const before = await t.state();
    const file = { name: 'ct.dcm', data: buildDicom(ct({ n: 1 })) };
    expect((await uploadDicom(t.p.app, { token: t.tok.doctor, files: [file], hospital_code: 'H002' })).status).toBe(
      403,
    );
    expect((await uploadDicom(t.p.app, { token: t.tok.doctor2, files: [file], hospital_code: 'H001' })).status).toBe(
      403,
    );
    const unknown = await uploadDicom(t.p.app, { token: t.tok.admin, files: [file], hospital_code: 'H999' });
    expect(unknown.status).toBe(400);
    expect(unknown.json?.msg).toBe('Please choose a hospital');
    expect((await uploadDicom(t.p.app, { token: t.tok.auditor, files: [file], hospital_code: 'H001' })).status).toBe(
      403,
    );
    expect(await t.state()).toEqual(before);
  });
});

describe('ingest', () => {
  const ctFile = buildDicom({ ...ct({ n: 1 }), rows: 512, cols: 512, patientName: '张^三', age: '045Y' });

  it('an unknown study from a GB18030 CT becomes a worklist row of the chosen hospital with its first report', async () => {
    const before = await t.state();
    const a = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
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
    const [s] = await t.rows<Record<string, unknown>>(sql`select * from study where study_iuid = ${uid(1)}`);
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
    const reports = await t.rows<{ rpt_position: number; rpt_status: number }>(
      sql`select rpt_position, rpt_status from report where study_pk = ${s!.pk}`,
    );
    expect(reports).toEqual([{ rpt_position: 1, rpt_status: 0 }]);
    const [inst] = await t.rows<Record<string, unknown>>(sql`select * from instance where sop_iuid = ${uid(1, 1, 1)}`);
    expect(inst).toMatchObject({
      transfer_syntax: '1.2.840.10008.1.2.1',
      rows: 512,
      cols: 512,
      frame_count: 1,
      del_image: 0,
    });
    expect(await readFile(path.join(t.dataDir, 'images', String(inst!.storage_key)))).toEqual(ctFile);
    const audit = await t.rows<{ action: string; detail: { after: { file_count: number } } }>(
      sql`select action, detail from audit_log where target = ${`study:${s!.pk}`}`,
    );
    expect(audit).toEqual([expect.objectContaining({ action: 'image.upload' })]);
    expect(audit[0]!.detail.after.file_count).toBe(1);
    const after = await t.state();
    expect(after).toMatchObject({
      instances: before.instances + 1,
      studies: before.studies + 1,
      reports: before.reports + 1,
      staged: 0,
    });
    expect(after.files).toBe(before.files + 1);
    // the worklist lists it, name and all
    const list = await call(t.p.app, 'POST', '/api/order/OrderList', {
      token: t.tok.doctor,
      json: { pageNumber: 1, pageSize: 20, patient_name: '张三' },
    });
    expect(JSON.stringify(list.body)).toContain(uid(1));
  });

  it("an instance of a known study attaches to it: the study's counts, no new row", async () => {
    const before = await t.state();
    const file = buildDicom({
      study: t.h001Study,
      series: uid(2, 1),
      sop: uid(2, 1, 1),
      rows: 32,
      cols: 32,
      patientName: 'OTHER^NAME',
    });
    const [was] = await t.rows<{ patient_name: string }>(
      sql`select patient_name from study where study_iuid = ${t.h001Study}`,
    );
    const a = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'known.dcm', data: file }],
      hospital_code: 'H001',
    });
    expect(resultOf(a).data).toMatchObject({ uploaded: 1, studies: [t.h001Study] });
    const [s] = await t.rows<Record<string, unknown>>(sql`select * from study where study_iuid = ${t.h001Study}`);
    expect(s).toMatchObject({ file_count: 1, has_dicom_file: 1, patient_name: was!.patient_name });
    expect(Number(s!.file_size)).toBe(file.length);
    expect(await t.state()).toMatchObject({
      studies: before.studies,
      reports: before.reports,
      instances: before.instances + 1,
    });
  });

  it("an instance of another hospital's known study is refused, named", async () => {
    const before = await t.state();
    const file = buildDicom({ study: t.h001Study, series: uid(2, 9), sop: uid(2, 9, 1), rows: 8, cols: 8 });
    const a = await uploadDicom(t.p.app, {
      token: t.tok.doctor2,
      files: [{ name: 'x.dcm', data: file }],
      hospital_code: 'H002',
    });
    expect(filesOf(a)['x.dcm']).toMatchObject({
      status: 'failed',
      msg: 'x.dcm failed: the study belongs to another hospital',
    });
    expect(resultOf(a).success).toBe(false);
    expect(await t.state()).toEqual(before);
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
    const before = await t.state();
    const entries = zipEntries();
    const a = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
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
    const after = await t.state();
    expect(after).toMatchObject({
      instances: before.instances + 3,
      files: before.files + 3,
      staged: 0,
      series: before.series + 1,
    });
    expect(await t.rows(sql`select 1 from instance where sop_iuid = ${uid(1, 1, 4)}`)).toEqual([]);
    const [s] = await t.rows<{ file_count: number }>(sql`select file_count from study where study_iuid = ${uid(1)}`);
    expect(s!.file_count).toBe(4);
    const jpeg = await t.wado({ studyUID: uid(1), seriesUID: uid(1, 2), objectUID: uid(1, 2, 1) }, t.tok.doctor);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('application/dicom');
    expect(Buffer.from(await jpeg.arrayBuffer())).toEqual(entries[2]!.data);
    const [j] = await t.rows<{ transfer_syntax: string }>(
      sql`select transfer_syntax from instance where sop_iuid = ${uid(1, 2, 1)}`,
    );
    expect(j!.transfer_syntax).toBe('1.2.840.10008.1.2.4.50');
  });

  it('uploading the same instances again stores nothing twice', async () => {
    const before = await t.state();
    const [s0] = await t.rows<{ file_count: number; file_size: string }>(
      sql`select file_count, file_size from study where study_iuid = ${uid(1)}`,
    );
    const a = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'again.zip', data: await zipOf(zipEntries()) }],
      hospital_code: 'H001',
    });
    expect(resultOf(a).data).toMatchObject({ uploaded: 0, duplicates: 3, failed: 2 });
    expect(filesOf(a)['series1/IM0002']!.msg).toBe('series1/IM0002 is already in the archive; not stored again');
    const one = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'ct.dcm', data: ctFile }],
      hospital_code: 'H001',
    });
    expect(resultOf(one)).toMatchObject({ success: true, data: { uploaded: 0, duplicates: 1 } });
    // the summary says what happened: nothing stored anew, one already there (not "1 uploaded")
    expect(resultOf(one).msg).toBe('Upload finished: 0 stored, 1 already in the archive (not stored again), 0 failed');
    expect(await t.state()).toEqual(before);
    const [s1] = await t.rows<{ file_count: number; file_size: string }>(
      sql`select file_count, file_size from study where study_iuid = ${uid(1)}`,
    );
    expect(s1).toEqual(s0);
  });

  it('a failed upload leaves no rows and no files: not a zip, nothing good, a database failure mid-batch', async () => {
    const before = await t.state();
    const notZip = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'broken.zip', data: Buffer.from('PK\x03\x04 nope') }],
      hospital_code: 'H001',
    });
    expect(notZip.status).toBe(400);
    expect(notZip.json?.msg).toMatch(/Wrong file format/);
    const bad = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
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
    expect(await t.state()).toEqual(before);

    // The database refuses one instance: its batch is rolled back and retried file by file.
    await t.p.deps.db.execute(
      sql.raw(`create function im_refuse() returns trigger language plpgsql as $$
      begin if new.sop_iuid = '${uid(5, 1, 1)}' then raise exception 'refused by the test'; end if; return new; end $$`),
    );
    await t.p.deps.db.execute(
      sql.raw('create trigger im_refuse before insert on instance for each row execute function im_refuse()'),
    );
    try {
      const mixed = await uploadDicom(t.p.app, {
        token: t.tok.doctor,
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
      await t.p.deps.db.execute(sql.raw('drop trigger im_refuse on instance'));
      await t.p.deps.db.execute(sql.raw('drop function im_refuse()'));
    }
    expect(await t.rows(sql`select 1 from study where study_iuid = ${uid(5)}`)).toEqual([]);
    expect((await t.storedFiles()).filter((f) => f.startsWith(`${uid(5)}/`))).toEqual([]);
    expect(await t.state()).toMatchObject({
      instances: before.instances + 2,
      files: before.files + 2,
      studies: before.studies + 1,
      staged: 0,
    });
  });

  it('a stored instance sent again under another study or series is a duplicate: no second copy, no empty study', async () => {
    const before = await t.state();
    const moved = buildDicom(ct({ n: 1, study: uid(7), series: uid(7, 1), sop: uid(1, 1, 1) }));
    const a = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'moved.dcm', data: moved }],
      hospital_code: 'H001',
    });
    expect(filesOf(a)['moved.dcm']).toMatchObject({ status: 'duplicate' });
    expect(await t.rows(sql`select 1 from study where study_iuid = ${uid(7)}`)).toEqual([]);
    expect((await t.storedFiles()).filter((f) => f.startsWith(`${uid(7)}/`))).toEqual([]);
    expect(await t.state()).toEqual(before);
  });

  it("a new study whose only file names another study's series is refused whole: no study row is left", async () => {
    const before = await t.state();
    const stray = buildDicom(ct({ n: 9, study: uid(8), series: uid(1, 1), sop: uid(8, 1, 9) }));
    const a = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'stray.dcm', data: stray }],
      hospital_code: 'H001',
    });
    expect(filesOf(a)['stray.dcm']).toMatchObject({ status: 'failed' });
    expect(await t.rows(sql`select 1 from study where study_iuid = ${uid(8)}`)).toEqual([]);
    expect(await t.state()).toEqual(before);
  });

  it('an unexpected failure mid-upload (the store breaks) leaves no bytes without rows', async () => {
    const before = await t.state();
    const store = t.p.deps.images;
    const putFiles = store.putFiles!.bind(store);
    // The file store links a batch's staged files: it breaks after two of the four are in place.
    store.putFiles = async (items) => {
      await putFiles(items.slice(0, 2));
      throw new Error('disk full (test)');
    };
    try {
      const a = await uploadDicom(t.p.app, {
        token: t.tok.doctor,
        files: [
          {
            name: 'half.zip',
            data: await zipOf(
              [1, 2, 3, 4].map((n) => ({
                name: `IM${n}`,
                data: buildDicom(ct({ n, study: uid(9), series: uid(9, 1), sop: uid(9, 1, n) })),
              })),
            ),
          },
        ],
        hospital_code: 'H001',
      });
      expect(resultOf(a)).toMatchObject({ success: false, data: { uploaded: 0 } });
    } finally {
      store.putFiles = putFiles;
    }
    expect((await t.storedFiles()).filter((f) => f.startsWith(`${uid(9)}/`))).toEqual([]);
    expect(await t.state()).toEqual(before);
  });
});
