import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, loginAs } from '../../../../tests/support/api-client';
import { auditLog, registerSmsCode, sysConfig, sysUser, userActivation } from '../../platform/db/schema';
import { useRegistrationPlatform } from './registration.test-helpers';

const { t, peers, post, form, freshIp, registerWithCode, tokenMailedTo } = useRegistrationPlatform();

const REPORT_DOCTOR = 2;
const userRow = async (username: string) =>
  (await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, username)))[0];
const fieldOf = (r: { body: Record<string, unknown> }) => (r.body.errors as { field: string; msg: string }[])[0];
const userCount = async () => {
  const r = (await t.p.deps.db.execute(sql`select count(*)::int as n from sys_user`)) as { rows: { n: number }[] };
  return Number(r.rows[0]?.n);
};

describe('POST /user/sendRegisterCaptcha', () => {
  it('sends a 4-digit code to prefix + number over the gateway, once per 60 s', async () => {
    const ip = freshIp();
    const body = { mobile: '13912340001', prefix: '+87' };
    const r = await post('/user/sendRegisterCaptcha', body, { ip });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ resend_seconds: 60 });
    expect(peers.sms.codeFor('+8713912340001')).toMatch(/^\d{4}$/);
    const stored = await t.p.deps.db.select().from(registerSmsCode).where(eq(registerSmsCode.number, '+8713912340001'));
    // Kept as a digest, never the code: a 4-digit code turns up inside a random 64-hex digest about once in
    // 1,100 runs, so "does not contain" would fail by chance.
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.code_hash).not.toBe(peers.sms.codeFor('+8713912340001'));

    const again = await post('/user/sendRegisterCaptcha', body, { ip, lang: 'zh-CN' });
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/^验证码已发送，请 (59|60) 秒后再重新获取$/);
    await t.p.deps.db
      .update(registerSmsCode)
      .set({ sent_at: new Date(Date.now() - 61_000) })
      .where(eq(registerSmsCode.number, '+8713912340001'));
    expect((await post('/user/sendRegisterCaptcha', body, { ip })).status).toBe(200);
  });

  it.each([
    [{ mobile: '12912340001', prefix: '+86' }, 'mobile', 'a mobile number is 11 digits'],
    [{ mobile: '1391234000', prefix: '+86' }, 'mobile', 'a mobile number is 11 digits'],
    [{ mobile: '13912340001', prefix: '+1' }, 'prefix', 'choose +86 or +87'],
  ])('refuses %j naming the field', async (body, field, text) => {
    const before = peers.sms.received.length;
    const r = await post('/user/sendRegisterCaptcha', body);
    expect(r.status).toBe(400);
    expect(fieldOf(r)).toMatchObject({ field });
    expect(fieldOf(r)!.msg).toContain(text);
    const zh = await post('/user/sendRegisterCaptcha', body, { lang: 'zh-CN' });
    expect(fieldOf(zh)!.msg).toMatch(/[手请]/);
    expect(peers.sms.received.length).toBe(before);
  });

  it('a gateway that refuses: 503, and no code kept (the next ask may come at once)', async () => {
    peers.sms.state.status = 500;
    try {
      const r = await post('/user/sendRegisterCaptcha', { mobile: '13912340002', prefix: '+86' }, { ip: freshIp() });
      expect(r.status).toBe(503);
      expect(r.body.msg).toBe('The code could not be sent; try again later');
      const kept = await t.p.deps.db.select().from(registerSmsCode).where(eq(registerSmsCode.number, '+8613912340002'));
      expect(kept).toEqual([]);
    } finally {
      peers.sms.state.status = 200;
    }
  });

  it('SMS_URL unset: 503 "not configured", and the log line holds no code', async () => {
    const lines: unknown[] = [];
    const log = { ...t.p.deps.log, warn: (...a: unknown[]) => void lines.push(a) } as typeof t.p.deps.log;
    const deps = { ...t.p.deps, log, env: { ...t.p.deps.env, SMS_URL: undefined } };
    const { sendRegisterCode } = await import('./send-code');
    await expect(
      sendRegisterCode(deps, { mobile: '13912340003', prefix: '+86' }, { ip: freshIp(), locale: 'en-US' }),
    ).rejects.toMatchObject({ status: 503, msgKey: 'regSmsNotConfigured' });
    expect(JSON.stringify(lines)).toContain('SMS not configured');
    expect(JSON.stringify(lines)).not.toMatch(/\d{4}\D*$|13912340003/);
  });

  it('rate limits per number: past the free sends the number backs off (429)', async () => {
    const body = { mobile: '13912340004', prefix: '+86' };
    for (let i = 0; i < 10; i++) {
      const r = await post('/user/sendRegisterCaptcha', body, { ip: freshIp() });
      expect(r.status, `send ${i + 1}`).toBe(200);
      await t.p.deps.db.update(registerSmsCode).set({ sent_at: new Date(Date.now() - 61_000) });
    }
    const r = await post('/user/sendRegisterCaptcha', body, { ip: freshIp() });
    expect(r.status).toBe(429);
    expect(r.body.error).toBe('TOO_MANY_ATTEMPTS');
  });

  it('rate limits per address: past the free sends the address backs off (429)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const r = await post(
        '/user/sendRegisterCaptcha',
        { mobile: `1381234${String(i).padStart(4, '0')}`, prefix: '+86' },
        { ip },
      );
      expect(r.status, `send ${i + 1}`).toBe(200);
    }
    const r = await post('/user/sendRegisterCaptcha', { mobile: '13812349999', prefix: '+86' }, { ip });
    expect(r.status).toBe(429);
    expect(
      (await post('/user/sendRegisterCaptcha', { mobile: '13812349999', prefix: '+86' }, { ip: freshIp() })).status,
    ).toBe(200);
  });
});

describe('POST /user/register: refusals (400 naming the field, nothing written)', () => {
  it.each([
    ['email', { email: 'not-an-address' }, 'enter a valid e-mail address', '请输入正确的邮箱地址'],
    ['password', { password: 'a1b2', confirm: 'a1b2' }, 'the password is 6 to 16 characters', '密码为 6 至 16 位'],
    ['password', { password: 'abcdefgh', confirm: 'abcdefgh' }, 'the password is too weak', '密码强度不够'],
    ['password', { password: 'a'.repeat(15) + '1!', confirm: 'a'.repeat(15) + '1!' }, '6 to 16', '6 至 16'],
    ['confirm', { confirm: 'abc124' }, 'the two passwords do not match', '两次输入的密码不一致'],
    ['mobile', { mobile: '11912345678' }, 'a mobile number is 11 digits', '手机号为 11 位'],
    ['prefix', { prefix: '+88' }, 'choose +86 or +87', '请选择 +86 或 +87'],
    ['captcha', { captcha: '12a4' }, 'the code is 4 digits', '验证码为 4 位数字'],
    ['captcha', { captcha: '12345' }, 'the code is 4 digits', '验证码为 4 位数字'],
    ['username', { username: 'bad name' }, 'a username holds letters', '用户名只能包含'],
  ])('%s: %j', async (field, extra, en, zh) => {
    const before = await userCount();
    for (const [lang, text] of [
      ['en-US', en],
      ['zh-CN', zh],
    ] as const) {
      const r = await post('/user/register', form(extra), { lang });
      expect(r.status).toBe(400);
      expect(fieldOf(r)!.field).toBe(field);
      expect(fieldOf(r)!.msg).toContain(text);
    }
    expect(await userCount()).toBe(before);
  });

  it("the installation's password rule (use_password_check Y) applies too", async () => {
    const db = t.p.deps.db;
    await db.update(sysConfig).set({ value: 'Y' }).where(eq(sysConfig.name, 'use_password_check'));
    try {
      const f = form();
      await post('/user/sendRegisterCaptcha', { mobile: f.mobile, prefix: f.prefix });
      const r = await post('/user/register', { ...f, captcha: peers.sms.codeFor(`+86${f.mobile}`) });
      expect(r.status).toBe(400);
      expect(fieldOf(r)).toMatchObject({ field: 'password' });
      expect(await userRow(f.username)).toBeUndefined();
      const strong = await registerWithCode(form({ password: 'Abc123', confirm: 'Abc123' }));
      expect(strong.status).toBe(200);
    } finally {
      await db.update(sysConfig).set({ value: 'N' }).where(eq(sysConfig.name, 'use_password_check'));
    }
  });

  it('a username or e-mail already taken: named messages', async () => {
    const taken = await registerWithCode(form({ username: 'doctor' }));
    expect(taken.status).toBe(400);
    expect(fieldOf(taken)).toEqual({ field: 'username', msg: 'This username is already taken' });
    const first = form();
    expect((await registerWithCode(first)).status).toBe(200);
    const again = await registerWithCode(form({ email: first.email.toUpperCase() }));
    expect(again.status).toBe(400);
    expect(fieldOf(again)).toEqual({ field: 'email', msg: 'This e-mail address is already registered' });
  });

  it('the code: wrong, five wrong tries burn it, expired, none asked', async () => {
    const f = form();
    const ip = freshIp();
    await post('/user/sendRegisterCaptcha', { mobile: f.mobile, prefix: f.prefix }, { ip });
    const right = peers.sms.codeFor(`+86${f.mobile}`);
    const wrong = right === '0000' ? '1111' : '0000';
    const r = await post('/user/register', { ...f, captcha: wrong }, { ip });
    expect(r.status).toBe(400);
    expect(fieldOf(r)).toEqual({ field: 'captcha', msg: 'Wrong code' });
    // From other addresses: a send and two refusals of a number from one address start a back-off (below).
    for (let i = 0; i < 4; i++) {
      const w = await post('/user/register', { ...f, captcha: wrong }, { ip: freshIp() });
      expect(fieldOf(w)).toEqual({ field: 'captcha', msg: 'Wrong code' });
    }
    const burnt = await post('/user/register', { ...f, captcha: right }, { ip: freshIp() });
    expect(fieldOf(burnt)).toEqual({ field: 'captcha', msg: 'The code is no longer valid; ask for a new one' });

    const g = form();
    await post('/user/sendRegisterCaptcha', { mobile: g.mobile, prefix: g.prefix });
    await t.p.deps.db
      .update(registerSmsCode)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(registerSmsCode.number, `+86${g.mobile}`));
    const expired = await post('/user/register', { ...g, captcha: peers.sms.codeFor(`+86${g.mobile}`) });
    expect(fieldOf(expired)).toMatchObject({ field: 'captcha', msg: 'The code is no longer valid; ask for a new one' });

    const h = form({ mobile: '13700000000' });
    expect(fieldOf(await post('/user/register', { ...h, captcha: '1234' }))!.field).toBe('captcha');
    expect(await userRow(f.username)).toBeUndefined();
    expect(await userRow(g.username)).toBeUndefined();
  });

  it('refusals of a number from one address back off: 429 within a few tries, before any check', async () => {
    const f = form();
    const ip = freshIp();
    await post('/user/sendRegisterCaptcha', { mobile: f.mobile, prefix: f.prefix }, { ip });
    const wrong = peers.sms.codeFor(`+86${f.mobile}`) === '0000' ? '1111' : '0000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post('/user/register', { ...f, captcha: wrong }, { ip })).status);
    expect(statuses.slice(0, 2)).toEqual([400, 400]);
    expect(statuses.slice(2)).toContain(429);
  });

  it('the code is for its number only (same digits, other prefix)', async () => {
    const f = form();
    await post('/user/sendRegisterCaptcha', { mobile: f.mobile, prefix: '+86' });
    const r = await post('/user/register', { ...f, prefix: '+87', captcha: peers.sms.codeFor(`+86${f.mobile}`) });
    expect(fieldOf(r)!.field).toBe('captcha');
  });
});

describe('registration, activation mail, approval, first sign-in', () => {
  it('goes from the form through the mailed link and the administrator to a sign-in', async () => {
    const f = form({ prefix: '+87', mobile: '19912345678' });
    const r = await registerWithCode(f);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ email: f.email, expires_hours: 24 });

    const u = (await userRow(f.username))!;
    expect(u).toMatchObject({ status: 0, reg_state: 1, role_pk: null, hospital_code: '', email: f.email });
    expect(u.phone).toBe(''); // 199… is outside the users screen's phone rule: kept with the registration
    const [act] = await t.p.deps.db.select().from(userActivation).where(eq(userActivation.user_pk, u.pk));
    expect(act).toMatchObject({ prefix: '+87', mobile: '19912345678', used_at: null });
    expect(act!.expires_at.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const mail = peers.smtp.mails.at(-1)!;
    expect(mail.to).toEqual([f.email]);
    expect(mail.subject).toBe('Activate your account');
    expect(mail.text).toContain(`http://rx.test/rxpacs/#/user/activate?token=`);
    const token = tokenMailedTo(f.email);
    expect(act!.token_hash).not.toBe(token);

    const [audit] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'user_register' and ${auditLog.target} = ${`sys_user:${u.pk}`}`);
    expect(audit).toBeDefined();
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|scrypt|abc123/);
    expect(JSON.stringify(audit)).not.toContain(token);

    const signIn = () =>
      call(t.p.app, 'POST', '/user/login', { form: { username: f.username, password: f.password }, lang: 'en-US' });
    const early = await signIn();
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({ error: 'REGISTRATION_PENDING' });
    expect(early.body.msg).toContain('not activated yet');

    const activated = await post('/user/activate', { token });
    expect(activated.status).toBe(200);
    expect(activated.body.data).toEqual({ username: f.username, state: 'awaiting_assignment' });
    expect(await userRow(f.username)).toMatchObject({ reg_state: 2, status: 0 });

    const waiting = await signIn();
    expect(waiting.status).toBe(403);
    expect(waiting.body.msg).toContain('awaiting approval');
    const zh = await call(t.p.app, 'POST', '/user/login', {
      form: { username: f.username, password: f.password },
      lang: 'zh-CN',
    });
    expect(zh.body.msg).toContain('等待管理员分配医院和角色');
    const wrongPassword = await call(t.p.app, 'POST', '/user/login', {
      form: { username: f.username, password: 'nope12' },
      lang: 'en-US',
    });
    expect(wrongPassword.status).toBe(401); // the pending state shows only to the password's holder

    const reused = await post('/user/activate', { token });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ data: { reason: 'used' } });
    const reusedGet = await call(t.p.app, 'GET', `/user/activate?token=${token}`, { lang: 'en-US' });
    expect(reusedGet.body).toMatchObject({ data: { reason: 'used' }, msg: expect.stringContaining('used already') });

    const list = await post(
      '/user/findByPage',
      { pageNumber: 1, pageSize: 100, filters: { reg_state: 2 } },
      { token: t.token('admin') },
    );
    const rows = (list.body.data as { list: { username: string; reg_state: number; role_pk: number | null }[] }).list;
    expect(rows.find((x) => x.username === f.username)).toMatchObject({ reg_state: 2, role_pk: null });
    expect(rows.every((x) => x.reg_state === 2)).toBe(true);
    const hadmin = await post(
      '/user/findByPage',
      { pageNumber: 1, pageSize: 100, filters: { keyword: f.username } },
      { token: t.token('hadmin') },
    );
    expect((hadmin.body.data as { list: unknown[] }).list).toEqual([]);

    const saved = await post(
      '/user/save',
      {
        pk: u.pk,
        username: f.username,
        ch_name: '新同事',
        hospital_code: 'H001',
        role_pk: REPORT_DOCTOR,
        status: 0,
      },
      { token: t.token('admin') },
    );
    expect(saved.status).toBe(200);
    expect(await userRow(f.username)).toMatchObject({ reg_state: 0, status: 1, role_pk: REPORT_DOCTOR });
    const [approval] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'user_update' and ${auditLog.target} = ${`sys_user:${u.pk}`}`);
    expect(approval!.detail).toMatchObject({ before: { reg_state: 2 }, after: { reg_state: 0, status: 1 } });

    const token2 = await loginAs(t.p.app, f.username, f.password);
    expect(token2).toBeTruthy();
  });

  it('an expired link says so; a new mail replaces it and works', async () => {
    const f = form();
    expect((await registerWithCode(f)).status).toBe(200);
    const old = tokenMailedTo(f.email);
    const u = (await userRow(f.username))!;
    await t.p.deps.db
      .update(userActivation)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(userActivation.user_pk, u.pk));
    const expired = await post('/user/activate', { token: old }, { lang: 'zh-CN' });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ data: { reason: 'expired' }, msg: '激活链接已过期，请重新发送激活邮件' });
    expect(fieldOf(expired)!.field).toBe('token');

    const arrived = peers.smtp.next();
    const resent = await post('/user/resendActivation', { email: f.email.toUpperCase() });
    expect(resent.status).toBe(200);
    const mail = await arrived;
    expect(mail.to).toEqual([f.email]);
    const fresh = tokenMailedTo(f.email);
    expect(fresh).not.toBe(old);
    expect((await post('/user/activate', { token: old })).body).toMatchObject({ data: { reason: 'unknown' } });
    const ok = await call(t.p.app, 'GET', `/user/activate?token=${fresh}`, { lang: 'en-US' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ state: 'awaiting_assignment' });
  });

  it('resendActivation answers the same for an unknown or an active address, and sends nothing', async () => {
    const before = peers.smtp.mails.length;
    const unknown = await post('/user/resendActivation', { email: 'nobody@example.org' });
    const active = await post('/user/resendActivation', { email: 'doctor@example.com' });
    expect(unknown.status).toBe(200);
    expect(active.status).toBe(200);
    expect(active.body.msg).toBe(unknown.body.msg);
    await new Promise((r) => setTimeout(r, 200));
    expect(peers.smtp.mails.length).toBe(before);
  });

  it('resendActivation is rate-limited per address', async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i < 21; i++)
      last = (await post('/user/resendActivation', { email: `x${i}@example.org` }, { ip })).status;
    expect(last).toBe(429);
  });

  it('an unknown token is refused naming the field', async () => {
    const r = await post('/user/activate', { token: 'A'.repeat(43) });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ data: { reason: 'unknown' } });
    expect(fieldOf(r)!.field).toBe('token');
  });

  it('mail that cannot be sent: 503, the account waits for a new mail', async () => {
    const { register } = await import('./register');
    const deps = { ...t.p.deps, env: { ...t.p.deps.env, SMTP_URL: 'smtp://127.0.0.1:9' } };
    const f = form();
    await post('/user/sendRegisterCaptcha', { mobile: f.mobile, prefix: f.prefix });
    const input = { ...f, prefix: '+86' as const, captcha: peers.sms.codeFor(`+86${f.mobile}`) };
    await expect(
      register(deps, input, { ip: freshIp(), locale: 'en-US', origin: 'http://rx.test' }),
    ).rejects.toMatchObject({ status: 503, msgKey: 'regMailFailed' });
    expect(await userRow(f.username)).toMatchObject({ reg_state: 1 });
    const noMail = await import('./register')
      .then((m) =>
        m.register({ ...t.p.deps, env: { ...t.p.deps.env, SMTP_URL: undefined } }, input, {
          ip: freshIp(),
          locale: 'en-US',
          origin: 'http://rx.test',
        }),
      )
      .catch((e: unknown) => e);
    expect(noMail).toMatchObject({ status: 503, msgKey: 'regMailNotConfigured' });
  });
});
