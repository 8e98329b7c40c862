import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportInfo, VersionRow } from '@shared/schemas/report';
import type { HospitalImages, SignImage } from '@shared/schemas/image-asset';
import { auditLog, hospital, permission, report, role, rolePermission, sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { jpegHeader, testPng } from '../../../../tests/support/test-png';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['admin', 'hadmin', 'doctor', 'auditor', 'doctor2'] });
beforeAll(async () => {
  // hadmin (H001) is also given sys:hospital: a hospital administrator of their own hospital.
  const db = t.p.deps.db;
  const [perm] = await db.select().from(permission).where(eq(permission.key, 'sysHospital'));
  const [hadminRole] = await db.select().from(role).where(eq(role.code, 'hospital_admin'));
  await db.insert(rolePermission).values({ role_pk: hadminRole!.pk, permission_pk: perm!.pk });
});

type Envelope<T> = {
  status: number;
  body: { success?: boolean; msg?: string; data?: T; errors?: { field: string }[] };
};

async function upload<T>(
  who: DemoUser,
  path: string,
  bytes: Uint8Array,
  fields: Record<string, string> = {},
  lang = 'en-US',
): Promise<Envelope<T>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'sign.png');
  const res = await t.p.app.request(path, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${t.token(who)}`, 'accept-language': lang },
  });
  return { status: res.status, body: await res.json() };
}
const post = <T>(who: DemoUser, path: string, json: unknown) =>
  call(t.p.app, 'POST', path, { token: t.token(who), json, lang: 'en-US' }) as Promise<
    Awaited<ReturnType<typeof call>> & { body: { data?: T } }
  >;
const userRow = async (username: string) =>
  (await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, username)))[0]!;
const hospitalRow = async (code: string) =>
  (await t.p.deps.db.select().from(hospital).where(eq(hospital.code, code)))[0]!;
async function storedAssets(): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of t.p.deps.images.list('files/assets/')) keys.push(o.key);
  return keys;
}
/** The bytes an address serves (no session: an <img> sends none). */
async function fetchImage(url: string) {
  const res = await t.p.app.request(url);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

const SIGN_A = testPng(120, 40);
const SIGN_B = testPng(100, 30);
const SEAL = testPng(60, 60, {
  pixel: (x, y) => ((x - 30) ** 2 + (y - 30) ** 2 < 700 ? [200, 20, 20] : [255, 255, 255]),
});

describe('a refused upload stores nothing', () => {
  it.each([
    ['not an image (by its bytes, whatever its name)', Buffer.from('%PDF-1.7 not an image'), 'The image must be a jpg'],
    ['larger than 512 KiB', testPng(10, 10, { pad: 520 * 1024 }), 'at most 512 KB'],
    ['wider than 2000 px', testPng(2001, 2), '2001 × 2 pixels'],
    ['a JPEG taller than 2000 px', jpegHeader(20, 2500), '20 × 2500 pixels'],
    ['a JPEG without a frame header', Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0]), 'cannot be read'],
  ])('%s: 400 in the envelope, column and store unchanged', async (_, bytes, msg) => {
    const before = await storedAssets();
    const r = await upload<SignImage>('doctor', '/user/uploadSign', bytes);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false });
    expect(r.body.msg).toContain(msg);
    expect(r.body.errors?.[0]?.field).toBe('file');
    expect((await userRow('doctor')).sign).toBe('');
    expect(await storedAssets()).toEqual(before);
  });

  it("answers in the caller's language", async () => {
    const r = await upload('doctor', '/user/uploadSign', testPng(2500, 1), {}, 'zh-CN');
    expect(r.body.msg).toBe('图片尺寸为 2500 × 1 像素，不能超过 2000 × 2000');
  });

  it("another user's signature: 403 without sys:user, 404 for another hospital's administrator", async () => {
    const before = await storedAssets();
    const auditor = await userRow('auditor');
    expect((await upload('doctor', '/user/uploadUserSign', SIGN_A, { pk: String(auditor.pk) })).status).toBe(403);
    const doctor2 = await userRow('doctor2');
    expect((await upload('hadmin', '/user/uploadUserSign', SIGN_A, { pk: String(doctor2.pk) })).status).toBe(404);
    expect((await userRow('auditor')).sign).toBe('');
    expect((await userRow('doctor2')).sign).toBe('');
    expect(await storedAssets()).toEqual(before);
  });

  it("a hospital administrator of H001 on H002's hospital: 403, nothing stored", async () => {
    const before = await storedAssets();
    const h2 = await hospitalRow('H002');
    for (const kind of ['logo', 'sign', 'head']) {
      const r = await upload('hadmin', '/hospital/uploadImage', SIGN_A, { pk: String(h2.pk), kind });
      expect(r.status).toBe(403);
    }
    expect((await post('hadmin', '/hospital/deleteImage', { pk: h2.pk, kind: 'logo' })).status).toBe(403);
    expect(await hospitalRow('H002')).toMatchObject({ logo: '', sign: '', head: '' });
    expect(await storedAssets()).toEqual(before);
  });
});

describe('stored images are served back', () => {
  it("the user's own signature: content-addressed, served exactly by a signed address only, audited", async () => {
    const r = await upload<SignImage>('doctor', '/user/uploadSign', SIGN_A);
    expect(r.status).toBe(200);
    const url = r.body.data!.sign;
    expect(url).toMatch(/^\/tool\/signImage\/[0-9a-f]{64}\.png\?exp=\d+&sig=[\w-]+$/);
    expect((await userRow('doctor')).sign).toBe(url.split('?')[0]);
    expect(await storedAssets()).toContain(`files/assets/${url.split('/').pop()!.split('?')[0]}`);
    const got = await fetchImage(url);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(SIGN_A)).toBe(true);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/);
    expect((await fetchImage(url.split('?')[0]!)).status).toBe(400);
    expect((await fetchImage(url.replace(/sig=./, 'sig=A'))).status).toBe(403);
    expect((await fetchImage(url.replace(/exp=\d+/, 'exp=1700000000'))).status).toBe(403);
    const got2 = await call(t.p.app, 'GET', '/user/sign', { token: t.token('doctor') });
    expect((got2.body.data as SignImage).sign).toBe(url);
    const [a] = await t.p.deps.db.select().from(auditLog).where(eq(auditLog.action, 'user_sign_upload'));
    expect(a).toMatchObject({ username: 'doctor', target: `sys_user:${(await userRow('doctor')).pk}` });
  });

  it("an administrator sets and removes a managed user's signature", async () => {
    const auditor = await userRow('auditor');
    const r = await upload<SignImage>('hadmin', '/user/uploadUserSign', SIGN_B, { pk: String(auditor.pk) });
    expect(r.status).toBe(200);
    expect((await fetchImage(r.body.data!.sign)).bytes.equals(SIGN_B)).toBe(true);
    const seen = await post<SignImage>('hadmin', '/user/userSign', { pk: auditor.pk });
    expect(seen.body.data!.sign).toBe(r.body.data!.sign);
    const gone = await post<SignImage>('hadmin', '/user/deleteUserSign', { pk: auditor.pk });
    expect(gone.body.data).toEqual({ sign: '' });
    expect((await userRow('auditor')).sign).toBe('');
  });

  it("the hospital's logo (public, also GET /tool/getLogoPng), seal (signed) and header image", async () => {
    const h1 = await hospitalRow('H001');
    const logo = testPng(64, 64, { pixel: (x) => [x * 4, 80, 160] });
    let r = await upload<HospitalImages>('hadmin', '/hospital/uploadImage', logo, { pk: String(h1.pk), kind: 'logo' });
    expect(r.status).toBe(200);
    expect(r.body.data!.logo).toMatch(/^\/tool\/image\/[0-9a-f]{64}\.png$/);
    const pub = await fetchImage(r.body.data!.logo);
    expect(pub.bytes.equals(logo)).toBe(true);
    expect(pub.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetchImage('/tool/getLogoPng?hospital_code=H001')).bytes.equals(logo)).toBe(true);
    expect((await fetchImage('/tool/getLogoPng')).bytes.equals(logo)).toBe(true);
    expect((await fetchImage('/tool/getLogoPng?hospital_code=H002')).status).toBe(404);
    const seal = testPng(80, 80, {
      pixel: (x, y) => ((x - 40) ** 2 + (y - 40) ** 2 < 1500 ? [200, 20, 20] : [255, 255, 255]),
    });
    r = await upload<HospitalImages>('hadmin', '/hospital/uploadImage', seal, { pk: String(h1.pk), kind: 'sign' });
    expect(r.body.data!.sign).toMatch(/^\/tool\/signImage\//);
    expect((await fetchImage(r.body.data!.sign)).bytes.equals(seal)).toBe(true);
    // The seal is not public: its bare address is no address.
    expect((await fetchImage(r.body.data!.sign.replace('signImage', 'image').split('?')[0]!)).status).toBe(404);
    const head = testPng(300, 40);
    r = await upload<HospitalImages>('admin', '/hospital/uploadImage', head, { pk: String(h1.pk), kind: 'head' });
    expect((await fetchImage(r.body.data!.head)).bytes.equals(head)).toBe(true);
    const removed = await post<HospitalImages>('hadmin', '/hospital/deleteImage', { pk: h1.pk, kind: 'head' });
    expect(removed.body.data!.head).toBe('');
    expect((await fetchImage(r.body.data!.head)).status).toBe(404);
  });
});

describe('signature images on the report', () => {
  let s: StudyRow;
  const texts = {
    rpt_good_status: 1,
    study_desc: '胸部CT平扫',
    report_text1: '双肺清晰。',
    report_text2: '未见异常。',
  };
  const info = async (audit_version?: number) => {
    const r = await post<ReportInfo>('auditor', '/report/info', { study_iuid: s.study_iuid, audit_version });
    expect(r.status, r.text).toBe(200);
    return r.body.data!;
  };
  const bytesOf = async (url: string | undefined) => (await fetchImage(url!)).bytes;

  beforeAll(async () => {
    const list = await post<{ list: StudyRow[] }>('doctor', '/api/order/OrderList', { rpt_status: [0], pageSize: 10 });
    expect(list.status, list.text).toBe(200);
    s = list.body.data!.list[0]!;
    await upload('doctor', '/user/uploadSign', SIGN_A);
    await upload('auditor', '/user/uploadSign', SIGN_B);
    const h1 = await hospitalRow('H001');
    await upload('admin', '/hospital/uploadImage', SEAL, { pk: String(h1.pk), kind: 'sign' });
  });

  it('empty before the audit, filled after it, the auditor kept as at the audit, cleared by cancel-audit', async () => {
    const saved = await post('doctor', '/report/save', { study_iuid: s.study_iuid, version: 1, ...texts });
    expect(saved.status, saved.text).toBe(200);
    let r = (await info()).reports[0]!;
    expect(r).toMatchObject({ rpt_status: 1, report_doctor_sign: '', sh_doctor_sign: '', hospital_seal: '' });

    const audited = await post('auditor', '/report/audit', { study_iuid: s.study_iuid, version: 2, ...texts });
    expect(audited.status, audited.text).toBe(200);
    r = (await info()).reports[0]!;
    expect(await bytesOf(r.report_doctor_sign)).toEqual(SIGN_A);
    expect(await bytesOf(r.sh_doctor_sign)).toEqual(SIGN_B);
    expect(await bytesOf(r.hospital_seal)).toEqual(SEAL);
    const snapshot = (await t.p.deps.db.select().from(report).where(eq(report.rpt_pk, r.rpt_pk!)))[0]!.sign;
    expect(snapshot).toBe((await userRow('auditor')).sign);

    // A new image later does not change the audited report, nor the audit as archived.
    const later = testPng(90, 20, { pixel: () => [0, 0, 0] });
    await upload('auditor', '/user/uploadSign', later);
    await upload('doctor', '/user/uploadSign', later);
    r = (await info()).reports[0]!;
    expect(await bytesOf(r.sh_doctor_sign)).toEqual(SIGN_B);
    expect(await bytesOf(r.report_doctor_sign)).toEqual(SIGN_A);
    const versions = (await post<VersionRow[]>('auditor', '/report/versions', { study_iuid: s.study_iuid })).body.data!;
    const auditVersion = versions.find((v) => v.rpt_status === 2)!.pk;
    const asAudited = (await info(auditVersion)).reports[0]!;
    expect(await bytesOf(asAudited.sh_doctor_sign)).toEqual(SIGN_B);

    const cancelled = await post('auditor', '/report/cancelAudit', { study_iuid: s.study_iuid, version: 3 });
    expect(cancelled.status, cancelled.text).toBe(200);
    r = (await info()).reports[0]!;
    expect(r).toMatchObject({ rpt_status: 1, report_doctor_sign: '', sh_doctor_sign: '', hospital_seal: '' });
    expect((await t.p.deps.db.select().from(report).where(eq(report.rpt_pk, r.rpt_pk!)))[0]!.sign).toBe('');
    // The archive renders a cancelled audit as it was: the auditor's image of then, from the audit trail.
    const stillAudited = (await info(auditVersion)).reports[0]!;
    expect(await bytesOf(stillAudited.sh_doctor_sign)).toEqual(SIGN_B);
    expect(await bytesOf(stillAudited.report_doctor_sign)).toEqual(SIGN_A);
  });
});
