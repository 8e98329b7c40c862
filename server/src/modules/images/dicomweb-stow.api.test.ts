import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { buildDicom, truncate, uid } from '../../../../tests/support/dicom-builder';
import { ctSpec, useImagePlatform } from '../../../../tests/support/image-platform';
import { filesOf, uploadDicom } from '../../../../tests/support/image-upload';

const t = useImagePlatform();
const BOUNDARY = 'stow-test-7f3a';
const RELATED = `multipart/related; type="application/dicom"; boundary=${BOUNDARY}`;
const CT_IMAGE = '1.2.840.10008.5.1.4.1.1.2';

/** A small CT instance of study uid(s), series uid(s, 1), SOP uid(s, 1, n). */
const ct = (s: number, n: number) =>
  buildDicom(ctSpec({ n, study: uid(s), series: uid(s, 1), sop: uid(s, 1, n), rows: 8, cols: 8 }));

type Part = { data: Buffer | string; type?: string | null };
/** A multipart/related body; `close: false` leaves the close delimiter out (the body stops after the parts). */
function related(parts: Part[], o: { close?: boolean } = {}): Buffer {
  const out: Buffer[] = [];
  for (const p of parts) {
    const type = p.type === null ? '' : `Content-Type: ${p.type ?? 'application/dicom'}\r\n`;
    out.push(Buffer.from(`--${BOUNDARY}\r\n${type}\r\n`), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  if (o.close !== false) out.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(out);
}

type Json = Record<string, { vr: string; Value?: unknown[] }>;
async function stow(
  body: Buffer | string | ReadableStream<Uint8Array>,
  o: {
    token?: string;
    study?: string;
    type?: string;
    query?: string;
    lang?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const path = `/dicomweb/studies${o.study ? `/${o.study}` : ''}${o.query ? `?${o.query}` : ''}`;
  const res = await t.p.app.request(path, {
    method: 'POST',
    headers: {
      'accept-language': o.lang ?? 'en-US',
      'content-type': o.type ?? RELATED,
      ...(o.token === '' ? {} : { authorization: `Bearer ${o.token ?? t.tok.doctor}` }),
      ...o.headers,
    },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    json: JSON.parse(text) as Json & { msg?: string },
  };
}
const items = (ds: Json, tag: '00081198' | '00081199') => (ds[tag]?.Value ?? []) as Json[];
const v = (ds: Json, tag: string) => ds[tag]?.Value?.[0];
const hospitalOfStudy = async (study: string) =>
  (await t.rows<{ h: string }>(sql`select hospital_code as h from study where study_iuid = ${study}`))[0]?.h;

describe('STOW-RS: storing', () => {
  it('stores every part as the upload does and answers the Store Instances Response', async () => {
    const files = [ct(90, 1), ct(90, 2)];
    const r = await stow(related(files.map((data) => ({ data }))));
    expect([r.status, r.type]).toEqual([200, 'application/dicom+json']);
    expect(r.json['00081190']).toEqual({ vr: 'UR', Value: [`http://localhost/dicomweb/studies/${uid(90)}`] });
    expect(r.json['00081198']).toBeUndefined();
    expect(items(r.json, '00081199')).toEqual(
      [1, 2].map((n) => ({
        '00081150': { vr: 'UI', Value: [CT_IMAGE] },
        '00081155': { vr: 'UI', Value: [uid(90, 1, n)] },
        '00081190': {
          vr: 'UR',
          Value: [`http://localhost/dicomweb/studies/${uid(90)}/series/${uid(90, 1)}/instances/${uid(90, 1, n)}`],
        },
      })),
    );
    // the doctor's hospital, the bytes as sent, an audit row as for an upload
    expect(await hospitalOfStudy(uid(90))).toBe('H001');
    const back = await t.wado({ studyUID: uid(90), seriesUID: uid(90, 1), objectUID: uid(90, 1, 2) }, t.tok.doctor);
    expect(Buffer.from(await back.arrayBuffer()).equals(files[1]!)).toBe(true);
    const audits = await t.rows<{ n: string }>(
      sql`select count(*) as n from audit_log where action = 'image.upload' and target = (select 'study:' || pk from study where study_iuid = ${uid(90)})`,
    );
    expect(Number(audits[0]!.n)).toBe(1);
    expect((await t.state()).staged).toBe(0);
  });

  it('duplicates follow the upload rules: stored once, answered as stored, both ways round', async () => {
    const before = await t.state();
    const again = await stow(related([{ data: ct(90, 1) }]));
    expect(again.status).toBe(200);
    expect(items(again.json, '00081199').map((i) => v(i, '00081155'))).toEqual([uid(90, 1, 1)]);
    // what STOW stored, the upload calls a duplicate; what the upload stored, STOW answers as stored
    const up = await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'a.dcm', data: ct(90, 2) }],
      hospital_code: 'H001',
    });
    expect(filesOf(up)['a.dcm']?.status).toBe('duplicate');
    await uploadDicom(t.p.app, {
      token: t.tok.doctor,
      files: [{ name: 'b.dcm', data: ct(91, 1) }],
      hospital_code: 'H001',
    });
    const mid = await t.state();
    const dup = await stow(related([{ data: ct(91, 1) }]));
    expect(dup.status).toBe(200);
    expect(await t.state()).toEqual(mid);
    expect(mid.instances).toBe(before.instances + 1);
  });

  it('takes bodies past the default 1 MiB limit at both paths (streamed, never buffered by the body limit)', async () => {
    const big = (n: number) =>
      buildDicom(ctSpec({ n, study: uid(90), series: uid(90, 1), sop: uid(90, 1, n), rows: 800, cols: 800 }));
    const one = related([{ data: big(3) }]);
    expect(one.length).toBeGreaterThan(1024 * 1024);
    expect((await stow(one, { study: uid(90) })).status).toBe(200);
    expect((await stow(one, { headers: { 'content-length': String(one.length) } })).status).toBe(200);
    const chunked = new ReadableStream<Uint8Array>({
      start(ctl) {
        ctl.enqueue(related([{ data: big(4) }]));
        ctl.close();
      },
    });
    expect((await stow(chunked, { study: uid(90) })).status).toBe(200);
  });

  it('a part of another study than the URL names fails (0xA900); the others are stored (202)', async () => {
    const r = await stow(related([{ data: ct(92, 1) }, { data: ct(93, 1) }]), { study: uid(92) });
    expect(r.status).toBe(202);
    expect(items(r.json, '00081199').map((i) => v(i, '00081155'))).toEqual([uid(92, 1, 1)]);
    const [failed] = items(r.json, '00081198');
    expect(failed).toEqual({
      '00000902': { vr: 'LO', Value: ['part 2: not an instance of the study named in the URL'] },
      '00081150': { vr: 'UI', Value: [CT_IMAGE] },
      '00081155': { vr: 'UI', Value: [uid(93, 1, 1)] },
      '00081197': { vr: 'US', Value: [0xa900] },
    });
    expect(await hospitalOfStudy(uid(93))).toBeUndefined();
  });
});

describe('STOW-RS: who may store where', () => {
  it('another hospital’s user cannot store into its study nor reuse its UIDs (409, nothing stored)', async () => {
    const before = await t.state();
    const into = await stow(
      related([{ data: buildDicom(ctSpec({ n: 9, study: uid(90), series: uid(90, 9), sop: uid(90, 9, 1) })) }]),
      {
        token: t.tok.doctor2,
        study: uid(90),
      },
    );
    expect(into.status).toBe(409);
    expect(items(into.json, '00081198').map((i) => [v(i, '00081197'), v(i, '00000902')])).toEqual([
      [0x0124, 'part 1: the study belongs to another hospital'],
    ]);
    const reuse = await stow(related([{ data: ct(90, 1) }]), { token: t.tok.doctor2, lang: 'zh-CN' });
    expect(reuse.status).toBe(409);
    expect(items(reuse.json, '00081198').map((i) => v(i, '00081197'))).toEqual([0x0111]);
    expect(String(v(items(reuse.json, '00081198')[0]!, '00000902'))).toContain('不能保存到本院');
    const named = await stow(related([{ data: ct(94, 1) }]), { token: t.tok.doctor2, query: 'hospital_code=H001' });
    expect(named.status).toBe(403);
    expect(await t.state()).toEqual(before);
    // a new study goes to the caller's hospital, as an upload's does
    expect((await stow(related([{ data: ct(94, 1) }]), { token: t.tok.doctor2 })).status).toBe(200);
    expect(await hospitalOfStudy(uid(94))).toBe('H002');
    // the super administrator belongs to no hospital: they name one, as in the upload's form
    const admin = await stow(related([{ data: ct(89, 1) }]), { token: t.tok.admin });
    expect([admin.status, admin.json.msg]).toEqual([400, 'Please choose a hospital']);
    expect(
      (await stow(related([{ data: ct(89, 1) }]), { token: t.tok.admin, query: 'hospital_code=H002' })).status,
    ).toBe(200);
    expect(await hospitalOfStudy(uid(89))).toBe('H002');
  });

  it('a viewer token, a user without the upload permission and no session are refused before the body is read', async () => {
    const tok = await call(t.p.app, 'POST', '/wado/token', { token: t.tok.doctor, json: { study_iuid: uid(90) } });
    const viewer = (tok.body.data as { token: string }).token;
    const before = await t.state();
    const body = () => related([{ data: ct(95, 1) }]);
    const byToken = await stow(body(), { token: '', query: `token=${viewer}` });
    expect([byToken.status, byToken.json.msg]).toEqual([403, 'A viewer token only reads images; it cannot store them']);
    expect((await stow(body(), { query: `token=${viewer}`, study: uid(90) })).status).toBe(403);
    expect((await stow(body(), { token: t.tok.auditor })).status).toBe(403);
    expect((await stow(body(), { token: '' })).status).toBe(401);
    expect(await t.state()).toEqual(before);
  });
});

describe('STOW-RS: bad input', () => {
  it('another media type is 415, in the caller’s language; no boundary or no part is 400', async () => {
    const before = await t.state();
    const body = related([{ data: ct(96, 1) }]);
    for (const type of [
      'application/dicom',
      `multipart/related; type="application/dicom+json"; boundary=${BOUNDARY}`,
      `multipart/form-data; boundary=${BOUNDARY}`,
    ]) {
      const r = await stow(body, { type });
      expect(r.status, type).toBe(415);
      expect(r.json.msg).toBe(
        `Only multipart/related; type="application/dicom" (DICOM Part 10 instances) is accepted, not ${type}`,
      );
    }
    const zh = await stow(body, { type: 'application/dicom', lang: 'zh-CN' });
    expect(zh.json.msg).toMatch(/^只接受 multipart\/related/);
    const noBoundary = await stow(body, { type: 'multipart/related; type="application/dicom"' });
    expect([noBoundary.status, noBoundary.json.msg]).toEqual([
      400,
      'The multipart/related Content-Type has no boundary parameter',
    ]);
    const noParts = await stow('just some text', { lang: 'zh-CN' });
    expect([noParts.status, noParts.json.msg]).toEqual([
      400,
      '请求体不是有效的 multipart/related 内容，未保存任何实例',
    ]);
    expect(await t.state()).toEqual(before);
  });

  it('a body cut short stores its whole parts and nothing of the broken one; a part that is not DICOM fails', async () => {
    const whole = ct(97, 1);
    const cut = related([{ data: whole }, { data: truncate(ct(97, 2)) }], { close: false });
    const r = await stow(cut.subarray(0, cut.length - 2));
    expect(r.status).toBe(202);
    expect(items(r.json, '00081199').map((i) => v(i, '00081155'))).toEqual([uid(97, 1, 1)]);
    expect(items(r.json, '00081198')).toEqual([
      {
        '00000902': { vr: 'LO', Value: ['part 2: the file is truncated or damaged'] },
        '00081150': { vr: 'UI' },
        '00081155': { vr: 'UI' },
        '00081197': { vr: 'US', Value: [0xc000] },
      },
    ]);
    const ids = await t.rows<{ sop: string }>(
      sql`select sop_iuid as sop from instance where sop_iuid like ${`${uid(97)}.%`}`,
    );
    expect(ids.map((i) => i.sop)).toEqual([uid(97, 1, 1)]);
    const junk = await stow(
      related([
        { data: 'not a DICOM file at all' },
        { data: ct(97, 3), type: 'application/pdf' },
        { data: truncate(ct(97, 4)) },
      ]),
    );
    expect(junk.status).toBe(409);
    expect(items(junk.json, '00081198').map((i) => [v(i, '00081197'), v(i, '00000902')])).toEqual([
      [0xc000, 'part 1: not a DICOM file'],
      [0xc000, 'part 2: its type application/pdf is not application/dicom'],
      [0xc000, 'part 3: the file is truncated or damaged'],
    ]);
    expect((await t.state()).staged).toBe(0);
  });

  it('a part past the instance limit is refused as it streams, never gathered in memory; the next part is stored', async () => {
    const MiB = 1024 * 1024;
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Type: application/dicom\r\n\r\n`);
    const next = related([{ data: ct(98, 1) }]);
    const start = process.memoryUsage().arrayBuffers;
    let peak = 0;
    let sent = 0;
    const chunks = 260;
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        peak = Math.max(peak, process.memoryUsage().arrayBuffers - start);
        if (sent === 0) ctl.enqueue(Buffer.concat([head, ct(98, 9).subarray(0, 1024)]));
        // a new chunk each time, as a socket gives them: bytes kept anywhere would add up
        else if (sent <= chunks) ctl.enqueue(Buffer.alloc(MiB, sent % 251));
        else {
          ctl.enqueue(Buffer.concat([Buffer.from('\r\n'), next]));
          ctl.close();
        }
        sent++;
      },
    });
    const r = await stow(body);
    expect(r.status).toBe(202);
    expect(items(r.json, '00081198').map((i) => [v(i, '00081197'), v(i, '00000902')])).toEqual([
      [0xa700, 'part 1: a single file is larger than 256 MB'],
    ]);
    expect(items(r.json, '00081199').map((i) => v(i, '00081155'))).toEqual([uid(98, 1, 1)]);
    // 260 MiB went through; the process never held more than a few chunks of it
    expect(peak).toBeLessThan(64 * MiB);
    expect((await t.state()).staged).toBe(0);
  });

  it('a declared length past 2 GiB is 413 before a byte is read', async () => {
    const r = await stow(related([{ data: ct(99, 1) }]), { headers: { 'content-length': String(3 * 1024 ** 3) } });
    expect(r.status).toBe(413);
  });
});
