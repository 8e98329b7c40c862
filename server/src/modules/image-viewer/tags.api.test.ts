import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageTag, ImageTags } from '@shared/schemas/image-viewer';
import { call } from '../../../../tests/support/api-client';
import { run } from '../../../../tests/support/dcmtk';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { ctSpec, useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';

const t = useImagePlatform();
const STUDY = uid(41, 1);
const SERIES = `${STUDY}.1`;
const SOP = `${SERIES}.1`;
const REF_SOP = '1.2.826.0.1.3680043.8.498.99.7';
const COMMENT = 'x'.repeat(300);
let dir = '';

/** dcmdump's top-level lines and the lines of the first sequence's first item, by tag. */
interface Dumped {
  vr: string;
  value: string;
  length: number;
  keyword: string;
  depth: number;
}

/** dcmdump (a parser nobody here wrote) of a file: UIDs as numbers, strings as UTF-8. */
async function dcmdump(file: string): Promise<Map<string, Dumped[]>> {
  const { code, out } = await run('dcmdump', ['+U8', '-Un', file]);
  expect(code).toBe(0);
  const lines = new Map<string, Dumped[]>();
  for (const line of out.split('\n')) {
    const m = /^( *)\(([0-9a-f]{4},[0-9a-f]{4})\) (\w\w) (.*?) +# *(\d+), *\d+ (\S+)$/.exec(line);
    if (!m) continue;
    const [, indent, tag, vr, raw, length, keyword] = m;
    const value = raw!.startsWith('[') ? raw!.slice(1, -1) : raw!.startsWith('(') ? '' : raw!;
    const d = { vr: vr!, value, length: Number(length), keyword: keyword!, depth: indent!.length / 2 };
    lines.set(`(${tag})`, [...(lines.get(`(${tag})`) ?? []), d]);
  }
  return lines;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tags-'));
  const file = path.join(dir, 'in.dcm');
  await writeFile(file, buildDicom(ctSpec({ n: 1, study: STUDY, series: SERIES, sop: SOP, patientId: 'PT4101' })));
  // A sequence with one item and a long text, written by dcmtk.
  const mod = await run('dcmodify', [
    '-nb',
    '-i',
    '(0008,1140)[0].(0008,1150)=1.2.840.10008.5.1.4.1.1.2',
    '-i',
    `(0008,1140)[0].(0008,1155)=${REF_SOP}`,
    '-i',
    `(0020,4000)=${COMMENT}`,
    file,
  ]);
  expect(mod.code).toBe(0);
  const up = await uploadDicom(t.p.app, {
    token: t.tok.admin,
    files: [{ name: 'a.zip', data: await zipOf([{ name: 'IM1', data: await readFile(file) }]) }],
    hospital_code: 'H001',
  });
  expect(resultOf(up).data.uploaded).toBe(1);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const tags = (q: Record<string, string>, o: { token?: string; lang?: string } = {}) =>
  call(t.p.app, 'GET', `/wado/tags?${new URLSearchParams(q)}`, o);
const own = { study_iuid: STUDY, series_iuid: SERIES, sop_iuid: SOP };
const find = (list: ImageTag[], tag: string) => list.find((e) => e.tag === tag);

/** The stored file as /wado serves it, and dcmdump's reading of it. */
async function storedDump() {
  const r = await t.wado({ studyUID: STUDY, seriesUID: SERIES, objectUID: SOP }, t.tok.doctor);
  expect(r.status).toBe(200);
  const file = path.join(dir, 'stored.dcm');
  await writeFile(file, Buffer.from(await r.arrayBuffer()));
  return dcmdump(file);
}

describe('GET /wado/tags (the viewer’s tag browser)', () => {
  it('answers the stored file’s elements as dcmdump reads them: values, VRs, keywords, a sequence item', async () => {
    const r = await tags(own, { token: t.tok.doctor });
    expect(r.status).toBe(200);
    const data = r.body.data as ImageTags;
    const dumped = await storedDump();
    expect(find(data.elements, '(0010,0010)')).toMatchObject({ keyword: 'PatientName', vr: 'PN', value: '张^三' });
    expect(find(data.elements, '(0010,0020)')?.value).toBe('PT4101');
    expect(find(data.elements, '(0020,000d)')).toMatchObject({ keyword: 'StudyInstanceUID', value: STUDY });
    expect(find(data.elements, '(0028,0010)')).toMatchObject({ keyword: 'Rows', vr: 'US', value: '64' });
    // every element dcmdump prints at the top (its group lengths aside), the same VR, keyword and short value
    const top = [...dumped].filter(([tag, ds]) => ds.some((d) => d.depth === 0) && !/,0000\)$|^\(fffe/.test(tag));
    expect(top.length).toBeGreaterThan(25);
    for (const [tag, ds] of top) {
      const d = ds.find((x) => x.depth === 0)!;
      const mine = find(data.elements, tag);
      expect(mine, tag).toMatchObject({ vr: d.vr, keyword: d.keyword });
      // +U8 shows the character set it converted to; the file holds GB18030 (asserted below)
      if (d.length <= 64 && !['(7fe0,0010)', '(0008,0005)'].includes(tag)) expect(mine!.value, tag).toBe(d.value);
    }
    expect(find(data.elements, '(0008,0005)')?.value).toBe('GB18030');
    // the sequence: one item, its elements as dcmdump prints them one level in
    const sq = find(data.elements, '(0008,1140)')!;
    expect(sq).toMatchObject({ vr: 'SQ', keyword: 'ReferencedImageSequence', length: 1 });
    const item = sq.items![0]!;
    expect(find(item, '(0008,1155)')).toMatchObject({ keyword: 'ReferencedSOPInstanceUID', value: REF_SOP });
    expect(dumped.get('(0008,1155)')!.find((d) => d.depth === 2)?.value).toBe(REF_SOP);
    expect(find(data.elements, '(0008,1155)')).toBeUndefined();
  });

  it('sends no pixel data (its length only) and cuts a long value with its length', async () => {
    const r = await tags(own, { token: t.tok.doctor });
    const data = r.body.data as ImageTags;
    const dumped = await storedDump();
    const px = find(data.elements, '(7fe0,0010)')!;
    expect(px).toMatchObject({ keyword: 'PixelData', value: '', cut: true, length: 64 * 64 * 2 });
    expect(dumped.get('(7fe0,0010)')![0]!.length).toBe(px.length);
    expect(JSON.stringify(r.body).length).toBeLessThan(8000);
    const comments = find(data.elements, '(0020,4000)')!;
    expect(comments).toMatchObject({ keyword: 'ImageComments', cut: true, length: 300, value: COMMENT.slice(0, 256) });
    expect(data.truncated).toBe(false);
    expect(find(data.elements, '(0002,0010)')?.value).toBe(data.transfer_syntax);
  });

  it('a viewer token of the study opens it; another study’s token does not', async () => {
    const tok = await call(t.p.app, 'POST', '/wado/token', { token: t.tok.doctor, json: { study_iuid: STUDY } });
    const token = (tok.body.data as { token: string }).token;
    expect((await tags({ ...own, token })).status).toBe(200);
    const other = await call(t.p.app, 'POST', '/wado/token', {
      token: t.tok.doctor,
      json: { study_iuid: t.h001Study },
    });
    const otherToken = (other.body.data as { token: string }).token;
    expect((await tags({ ...own, token: otherToken })).status).toBe(404);
    expect((await tags({ ...own, token: 'x'.repeat(40) })).status).toBe(401);
  });

  it('another hospital’s user, an unknown image, or no session: not found / not signed in', async () => {
    const r = await tags(own, { token: t.tok.doctor2, lang: 'en-US' });
    expect(r.status).toBe(404);
    expect(r.body.data).toBeNull();
    expect((await tags({ ...own, sop_iuid: `${SOP}9` }, { token: t.tok.doctor })).status).toBe(404);
    expect((await tags({ ...own, series_iuid: `${SERIES}9` }, { token: t.tok.doctor })).status).toBe(404);
    expect((await tags(own)).status).toBe(401);
  });

  it('bad input is 400 in the caller’s language', async () => {
    const zh = await tags({ ...own, sop_iuid: 'abc<' }, { token: t.tok.doctor, lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const en = await tags({ study_iuid: STUDY }, { token: t.tok.doctor, lang: 'en-US' });
    expect(en.status).toBe(400);
    expect(en.body.msg).not.toMatch(/[\u4e00-\u9fff]/);
    expect((await tags({ ...own, extra: '1' }, { token: t.tok.doctor })).status).toBe(400);
  });
});
