import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@shared/schemas/account';
import type { User } from '@shared/schemas/auth';
import { auditLog, sysUser, userAvatar } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor', 'auditor'] });

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const image = (sig: number[], size = 64) => {
  const b = new Uint8Array(size);
  b.set(sig);
  return b;
};
const profile = { ch_name: '张医生', en_name: 'Dr. Zhang', gender: 'M', birthday: '1980-05-06' };

const userRow = (username: string) =>
  t.p.deps.db
    .select()
    .from(sysUser)
    .where(eq(sysUser.username, username))
    .then((r) => r[0]!);

async function upload(token: string | undefined, bytes: Uint8Array<ArrayBuffer>, name = 'me.png', lang?: string) {
  const form = new FormData();
  form.set('file', new Blob([bytes]), name);
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lang) headers['accept-language'] = lang;
  const res = await t.p.app.request('/user/uploadAvatar', { method: 'POST', body: form, headers });
  return { status: res.status, body: (await res.json()) as { data: User; msg: string; errors?: { field: string }[] } };
}

describe('POST /user/updateProfile', () => {
  it("changes the caller's own profile and audits before and after", async () => {
    const r = await call(t.p.app, 'POST', '/user/updateProfile', {
      token: t.token('doctor'),
      json: { ...profile, phone: '13812345678', email: 'zhang@example.org' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ ...profile, phone: '13812345678', email: 'zhang@example.org' });
    const row = await userRow('doctor');
    expect(row).toMatchObject({ birthday: '1980-05-06', phone: '13812345678', gender: 'M' });
    const [a] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'profile_update'))
      .orderBy(auditLog.pk)
      .limit(1);
    expect(a).toMatchObject({ username: 'doctor', target: `sys_user:${row.pk}` });
    const detail = a!.detail as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(detail.after).toMatchObject({ phone: '13812345678', birthday: '1980-05-06' });
    expect(Object.keys(detail.before).sort()).toEqual(['birthday', 'ch_name', 'email', 'en_name', 'gender', 'phone']);
    expect(JSON.stringify(a)).not.toContain(row.password_hash);
  });

  it('leaves phone and email optional (empty clears them)', async () => {
    const r = await call(t.p.app, 'POST', '/user/updateProfile', { token: t.token('doctor'), json: profile });
    expect(r.status).toBe(200);
    expect(await userRow('doctor')).toMatchObject({ phone: '', email: '' });
  });

  it.each([
    ['gender', { ...profile, gender: undefined }],
    ['gender', { ...profile, gender: 'X' }],
    ['birthday', { ...profile, birthday: undefined }],
    ['birthday', { ...profile, birthday: '1980-02-30' }],
    ['birthday', { ...profile, birthday: '2999-01-01' }],
    ['birthday', { ...profile, birthday: '1899-12-31' }],
    ['ch_name', { ...profile, ch_name: '  ' }],
    ['en_name', { ...profile, en_name: 'x'.repeat(65) }],
    ['phone', { ...profile, phone: '12812345678' }],
    ['phone', { ...profile, phone: '1381234567' }],
    ['phone', { ...profile, phone: '138123456789' }],
    ['phone', { ...profile, phone: '16812345678' }],
    ['email', { ...profile, email: 'not-an-email' }],
    ['department', { ...profile, department: 'Radiology' }],
    ['pk', { ...profile, pk: 1 }],
  ])('refuses a bad %s with the field named, writing nothing', async (field, json) => {
    const before = await userRow('auditor');
    const audits = await t.p.deps.db.$count(auditLog);
    for (const lang of ['zh-CN', 'en-US']) {
      const r = await call(t.p.app, 'POST', '/user/updateProfile', { token: t.token('auditor'), json, lang });
      expect(r.status).toBe(400);
      // The field is named in `errors`, or (an unknown key) in the message.
      const fields = (r.body.errors as { field: string }[]).map((e) => e.field);
      expect(fields.includes(field) || r.body.msg!.includes(field)).toBe(true);
    }
    expect(await userRow('auditor')).toEqual(before);
    expect(await t.p.deps.db.$count(auditLog)).toBe(audits);
  });

  it("answers the birthday's range in the caller's language", async () => {
    const json = { ...profile, birthday: '2999-01-01' };
    const zh = await call(t.p.app, 'POST', '/user/updateProfile', { token: t.token('auditor'), json, lang: 'zh-CN' });
    const en = await call(t.p.app, 'POST', '/user/updateProfile', { token: t.token('auditor'), json, lang: 'en-US' });
    expect(zh.body.msg).toContain('出生日期');
    expect(en.body.msg).toContain('birthday');
  });

  it('needs a session: anonymous gets 401', async () => {
    const r = await call(t.p.app, 'POST', '/user/updateProfile', { json: profile });
    expect(r.status).toBe(401);
  });
});

describe('avatar', () => {
  it('stores a png for the caller only, serves it by uuid with caching headers, and audits it', async () => {
    const r = await upload(t.token('auditor'), image(PNG, 2048));
    expect(r.status).toBe(200);
    const me = await userRow('auditor');
    expect(r.body.data.head_photo).toBe(me.head_photo);
    expect(me.head_photo).toMatch(new RegExp(`^/user/avatar/${me.uuid}\\?v=\\d+$`));
    expect((await userRow('doctor')).head_photo).toBe('');

    const res = await t.p.app.request(me.head_photo);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(image(PNG, 2048));
    const etag = res.headers.get('etag')!;
    const again = await t.p.app.request(me.head_photo, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const unversioned = await t.p.app.request(`/user/avatar/${me.uuid}`);
    expect(unversioned.headers.get('cache-control')).toContain('no-cache');

    const [a] = await t.p.deps.db.select().from(auditLog).where(eq(auditLog.action, 'avatar_upload'));
    expect(a?.detail).toMatchObject({ before: { head_photo: '' }, after: { head_photo: me.head_photo } });
  });

  it('replaces the avatar with a jpeg (a new address) whatever the file is called', async () => {
    const old = (await userRow('auditor')).head_photo;
    await new Promise((r) => setTimeout(r, 5));
    const r = await upload(t.token('auditor'), image(JPEG), 'photo.png');
    expect(r.status).toBe(200);
    const me = await userRow('auditor');
    expect(me.head_photo).not.toBe(old);
    const res = await t.p.app.request(me.head_photo);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(await t.p.deps.db.$count(userAvatar, eq(userAvatar.user_pk, me.pk))).toBe(1);
  });

  it('refuses a file that is not jpg or png by its bytes, whatever its name', async () => {
    const gif = new TextEncoder().encode('GIF89a........');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const [bytes, name] of [
      [gif, 'me.png'],
      [svg, 'me.jpg'],
      [new Uint8Array(0), 'empty.png'],
    ] as const) {
      const r = await upload(t.token('doctor'), bytes, name, 'en-US');
      expect(r.status).toBe(400);
      expect(r.body.errors?.[0]?.field).toBe('file');
      expect(r.body.msg).toContain('jpg');
    }
    expect(await t.p.deps.db.$count(userAvatar)).toBe(1);
    expect((await userRow('doctor')).head_photo).toBe('');
  });

  it('refuses an image over 512 KiB (400 naming the file; far over the body limit, 413)', async () => {
    const over = await upload(t.token('doctor'), image(PNG, AVATAR_MAX_BYTES + 1), 'big.png', 'zh-CN');
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]?.field).toBe('file');
    expect(over.body.msg).toContain('512');
    const exact = await upload(t.token('doctor'), image(PNG, AVATAR_MAX_BYTES));
    expect(exact.status).toBe(200);
    const huge = await upload(t.token('doctor'), image(PNG, 2 * AVATAR_MAX_BYTES));
    expect(huge.status).toBe(413);
  });

  it('needs a session to upload, none to view; an unknown uuid is a 404', async () => {
    expect((await upload(undefined, image(PNG))).status).toBe(401);
    const r = await t.p.app.request('/user/avatar/00000000-0000-4000-8000-000000000000');
    expect(r.status).toBe(404);
    expect((await t.p.app.request('/user/avatar/not-a-uuid')).status).toBe(400);
  });
});
