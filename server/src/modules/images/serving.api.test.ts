import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs } from '../../../../tests/support/api-client';
import { buildDicom, uid, zipOf } from '../../../../tests/support/dicom-builder';
import { ctSpec as ct, useImagePlatform } from '../../../../tests/support/image-platform';
import { resultOf, uploadDicom } from '../../../../tests/support/image-upload';

const t = useImagePlatform();
const ctFile = () => buildDicom({ ...ct({ n: 1 }), rows: 512, cols: 512 });

/** Study uid(1) of H001: a 512x512 CT and two small ones in series 1, a JPEG in series 2; one image of a demo study. */
beforeAll(async () => {
  const entries = [
    { name: 'IM1', data: ctFile() },
    { name: 'IM2', data: buildDicom(ct({ n: 2 })) },
    { name: 'IM3', data: buildDicom(ct({ n: 3 })) },
    { name: 'JPEG', data: buildDicom(ct({ n: 1, series: uid(1, 2), sop: uid(1, 2, 1), syntax: 'jpegBaseline' })) },
    { name: 'KNOWN', data: buildDicom({ study: t.h001Study, series: uid(2, 1), sop: uid(2, 1, 1), rows: 8, cols: 8 }) },
  ];
  const a = await uploadDicom(t.p.app, {
    token: t.tok.admin,
    files: [{ name: 'a.zip', data: await zipOf(entries) }],
    hospital_code: 'H001',
  });
  expect(resultOf(a).data.uploaded).toBe(5);
});

describe('serving images', () => {
  const ref = () => ({ studyUID: uid(1), seriesUID: uid(1, 1), objectUID: uid(1, 1, 1) });
  const tokenFor = async (token: string, study_iuid: string) => {
    const r = await call(t.p.app, 'POST', '/wado/token', { token, json: { study_iuid } });
    return { status: r.status, token: (r.body.data as { token?: string } | null)?.token ?? '' };
  };

  it('WADO-URI serves the stored bytes as application/dicom, a rendered frame as image/jpeg (the default), 406 otherwise', async () => {
    const r = await t.wado(ref(), t.tok.doctor);
    expect(r.status).toBe(200);
    const body = Buffer.from(await r.arrayBuffer());
    expect(body.toString('latin1', 128, 132)).toBe('DICM');
    expect(r.headers.get('content-length')).toBe(String(body.length));
    const jpeg = await t.wado({ ...ref(), contentType: 'image/jpeg' }, t.tok.doctor);
    expect([jpeg.status, jpeg.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const noType = await t.p.app.request(`/wado?${new URLSearchParams({ requestType: 'WADO', ...ref() })}`, {
      headers: { authorization: `Bearer ${t.tok.doctor}` },
    });
    expect([noType.status, noType.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const html = await t.wado({ ...ref(), contentType: 'text/html' }, t.tok.doctor);
    expect(html.status).toBe(406);
    expect(((await html.json()) as { msg: string }).msg).toMatch(/text\/html.*image\/jpeg/);
    expect((await t.wado({ ...ref(), objectUID: uid(1, 1, 99) }, t.tok.doctor)).status).toBe(404);
    expect((await t.wado({ ...ref(), seriesUID: uid(1, 2) }, t.tok.doctor)).status).toBe(404);
    expect((await t.wado({ ...ref(), requestType: 'RSS' }, t.tok.doctor)).status).toBe(400);
    expect((await t.wado(ref())).status).toBe(401);
  });

  it('doctor2 (H002) gets no H001 pixel by any URL or token, and is not told the study exists (404)', async () => {
    const r = await t.wado(ref(), t.tok.doctor2);
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain('DICM');
    expect((await tokenFor(t.tok.doctor2, uid(1))).status).toBe(404);
    const list = await call(t.p.app, 'POST', '/wado/getDicomList', {
      token: t.tok.doctor2,
      json: { study_iuid: uid(1) },
    });
    expect(list.status).toBe(404);
    const own = await tokenFor(t.tok.doctor2, t.h002Study);
    expect(own.status).toBe(200);
    const other = await t.wado({ ...ref(), token: own.token });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('DICM');
    // the session token in the URL is not a viewer token
    expect((await t.wado({ ...ref(), token: t.tok.doctor2 })).status).toBe(401);
  });

  it('a user limited to other modalities (data2) gets none of the study by any route', async () => {
    const limit = (modalities: string[]) =>
      t.p.deps.db.execute(
        sql`update sys_user set data2 = ${JSON.stringify(modalities)}::jsonb where username = 'auditor'`,
      );
    await limit(['MR']);
    try {
      expect((await t.wado(ref(), t.tok.auditor)).status).toBe(404);
      expect((await tokenFor(t.tok.auditor, uid(1))).status).toBe(404);
      const list = await call(t.p.app, 'POST', '/wado/getDicomList', {
        token: t.tok.auditor,
        json: { study_iuid: uid(1) },
      });
      expect(list.status).toBe(404);
    } finally {
      await limit([]);
    }
    expect((await t.wado(ref(), t.tok.auditor)).status).toBe(200);
  });

  it("a viewer token opens its own study's images only, without the session header, and dies with the session", async () => {
    const session = await loginAs(t.p.app, 'doctor', 'Doctor@123');
    const viewer = await tokenFor(session, uid(1));
    expect(viewer.status).toBe(200);
    const r = await t.wado({ ...ref(), token: viewer.token });
    expect(r.status).toBe(200);
    expect(Buffer.from(await r.arrayBuffer()).toString('latin1', 128, 132)).toBe('DICM');
    const otherStudy = await t.wado({
      studyUID: t.h001Study,
      seriesUID: uid(2, 1),
      objectUID: uid(2, 1, 1),
      token: viewer.token,
    });
    expect(otherStudy.status).toBe(404);
    expect(
      (await t.wado({ studyUID: t.h001Study, seriesUID: uid(2, 1), objectUID: uid(2, 1, 1) }, session)).status,
    ).toBe(200);
    const forged = await t.wado({ ...ref(), token: 'x'.repeat(43) });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { msg: string }).msg).toMatch(/viewer token/);
    await call(t.p.app, 'POST', '/user/logout', { token: session });
    expect((await t.wado({ ...ref(), token: viewer.token })).status).toBe(401);
  });

  it('the image list, delete and restore: deleted images are not served; none selected and all deleted warn', async () => {
    const list = await call(t.p.app, 'POST', '/wado/getDicomList', {
      token: t.tok.auditor,
      json: { study_iuid: uid(1) },
    });
    expect(list.status).toBe(200);
    const data = list.body.data as {
      series: { series_iuid: string; instances: { sop_iuid: string; del_image: number }[] }[];
    };
    expect(data.series.map((s) => [s.series_iuid, s.instances.map((i) => i.sop_iuid)])).toEqual([
      [uid(1, 1), [uid(1, 1, 1), uid(1, 1, 2), uid(1, 1, 3)]],
      [uid(1, 2), [uid(1, 2, 1)]],
    ]);
    const del = (token: string, sop_iuids: string, path = '/wado/deleteImage') =>
      call(t.p.app, 'POST', path, { token, lang: 'en-US', json: { study_iuid: uid(1), sop_iuids } });
    expect((await del(t.tok.auditor, uid(1, 1, 1))).status).toBe(403);
    const none = await del(t.tok.doctor, '');
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('No image selected');
    const [audits0] = await t.rows<{ n: string }>(sql`select count(*) as n from audit_log where action like 'image.%'`);

    const done = await del(t.tok.doctor, `${uid(1, 1, 1)},${uid(1, 1, 2)}`);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ changed: 2, file_count: 2 });
    expect((await t.wado(ref(), t.tok.doctor)).status).toBe(404);
    const again = await del(t.tok.doctor, uid(1, 1, 1));
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('The selected images are all deleted already');
    const flagged = await call(t.p.app, 'POST', '/wado/getDicomList', {
      token: t.tok.doctor,
      json: { study_iuid: uid(1) },
    });
    expect(JSON.stringify(flagged.body.data)).toContain(
      `"sop_iuid":"${uid(1, 1, 1)}","instance_number":1,"frame_count":1,"rows":512,"cols":512,"transfer_syntax":"1.2.840.10008.1.2.1","size_bytes":${ctFile().length},"del_image":1`,
    );
    // another hospital's doctor cannot delete or restore here (the study is not theirs to know: 404)
    expect((await del(t.tok.doctor2, uid(1, 1, 3))).status).toBe(404);

    const restored = await del(t.tok.doctor, uid(1, 1, 1), '/wado/restoreImage');
    expect(restored.body.data).toEqual({ changed: 1, file_count: 3 });
    expect((await t.wado(ref(), t.tok.doctor)).status).toBe(200);
    expect((await del(t.tok.doctor, uid(1, 1, 1), '/wado/restoreImage')).body.msg).toBe(
      'None of the selected images is deleted',
    );
    const audits = await t.rows<{
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
