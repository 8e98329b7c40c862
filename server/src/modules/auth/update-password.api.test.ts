import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pwdError, sysUser } from '../../platform/db/schema';
import { call, loginAs } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform();

const change = (token: string, body: Record<string, string>, lang?: string) =>
  call(t.p.app, 'POST', '/user/updatePassword', { token, json: body, lang });
const body = (old_password: string, new_password: string, repeat_password = new_password) => ({
  old_password,
  new_password,
  repeat_password,
});

describe('POST /user/updatePassword', () => {
  it('changes the password: the old one no longer signs in, the new one does, other sessions end', async () => {
    const mine = await t.login('doctor');
    const other = await t.login('doctor');
    const [before] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'doctor'));
    const r = await change(mine, body('Doctor@123', 'Newpass1'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, msg: '密码修改成功' });
    const [after] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'doctor'));
    expect(after!.update_password_time.getTime()).toBeGreaterThan(before!.update_password_time.getTime());
    expect((await call(t.p.app, 'POST', '/user/info', { token: mine })).status).toBe(200);
    expect((await call(t.p.app, 'POST', '/user/info', { token: other })).status).toBe(401);
    await expect(t.login('doctor')).rejects.toThrow();
    expect(await loginAs(t.p.app, 'doctor', 'Newpass1')).toBeTruthy();
  });

  it('refuses a wrong old password and counts it toward the lock', async () => {
    const token = await t.login('auditor');
    const r = await change(token, body('Wrong@123', 'Newpass1'), 'en-US');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: 'BAD_CREDENTIALS', msg: 'Wrong password' });
    const [row] = await t.p.deps.db.select().from(pwdError).where(eq(pwdError.username, 'auditor'));
    expect(row?.count).toBe(1);
    expect(await t.login('auditor')).toBeTruthy();
  });

  it('applies the rules to the new password before checking anything, changing nothing', async () => {
    const token = await t.login('register');
    const weak = await change(token, body('Register@123', 'alllowercase1'), 'en-US');
    expect(weak.body).toMatchObject({ error: 'PASSWORD_POLICY', msg: expect.stringMatching(/6 to 16/) });
    const long = await change(token, body('Register@123', 'Abcdefghijklmn123'));
    expect(long.body.error).toBe('PASSWORD_POLICY');
    const mismatch = await change(token, body('Register@123', 'Newpass1', 'Newpass2'));
    expect(mismatch.body).toMatchObject({ error: 'VALIDATION', msg: '两次输入的新密码不一致' });
    const same = await change(token, body('Register@123', 'Register@123'), 'en-US');
    expect(same.body).toMatchObject({ error: 'VALIDATION', msg: 'The new password must differ from the old one' });
    const missing = await call(t.p.app, 'POST', '/user/updatePassword', { token, json: { old_password: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, error: 'VALIDATION' });
    expect(await t.login('register')).toBeTruthy();
    const [row] = await t.p.deps.db.select().from(pwdError).where(eq(pwdError.username, 'register'));
    expect(row).toBeUndefined();
  });

  it('needs a session', async () => {
    const r = await call(t.p.app, 'POST', '/user/updatePassword', { json: body('a', 'Newpass1') });
    expect(r.status).toBe(401);
  });
});
