import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hospital, sysUser, wechatAccount, wechatMpBind, wechatMpNotice } from '../../platform/db/schema';
import { secretBox } from '../../platform/core/secret-box';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { mpRoutes, newMpFakeState, signedMpEvent } from '../../../../tests/fixtures/wechat-mp-fake';
import { startWechatPlatform } from '../../../../tests/fixtures/wechat-platform';

// The fake platform (access tokens) with its public-account API (tests/fixtures/wechat-mp-fake.ts).
const fake = newMpFakeState();
const wx = await startWechatPlatform({ apps: { wxmp1: 'secret-1' }, routes: [mpRoutes(fake)] });
afterAll(() => wx.close());
const fakeBase = wx.origin;

const TOKEN = 'pushToken123';
const t = useTestPlatform({
  users: ['admin', 'hadmin', 'doctor', 'auditor', 'doctor2'],
  env: { WECHAT_API_BASE: fakeBase },
});

const post = (who: DemoUser | null, path: string, json: unknown) =>
  call(t.p.app, 'POST', path, { token: who ? t.token(who) : undefined, json, lang: 'en-US' });

async function configure(hospitalCode: string) {
  const box = secretBox(t.p.deps.env);
  await t.p.deps.db
    .insert(wechatAccount)
    .values({
      kind: 'mp',
      hospital_code: hospitalCode,
      app_id: 'wxmp1',
      app_secret_enc: box.seal('secret-1'),
      token: box.seal(TOKEN),
    })
    .onConflictDoNothing();
}
const userPk = async (username: string) => {
  const [u] = await t.p.deps.db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.username, username));
  return u!.pk;
};
const menuOf = (button: unknown[]) => JSON.stringify({ button });
const push = (e: Parameters<typeof signedMpEvent>[0], hospitalCode = 'H001') => {
  const { search, xml } = signedMpEvent(e);
  return call(t.p.app, 'POST', `/wxapi/event/${hospitalCode}?${search}`, {
    rawBody: xml,
    headers: { 'content-type': 'text/xml' },
  });
};

describe('/wxapi/createMenu and getMenu', () => {
  it('refuses a broken rule with a 400 naming the button, and sends nothing', async () => {
    await configure('H001');
    const before = fake.menuCreateCalls;
    const nine = await post('admin', '/wxapi/createMenu', {
      hospital_code: 'H001',
      menu: menuOf([{ type: 'click', name: '五个汉字a', key: 'K' }]),
    });
    expect(nine.status).toBe(400);
    expect(nine.body.msg).toContain('button 1: name longer than 8 units');
    const longKey = await post('admin', '/wxapi/createMenu', {
      hospital_code: 'H001',
      menu: menuOf([
        { type: 'click', name: 'a', key: 'K' },
        { name: 'b', sub_button: [{ type: 'click', name: 's', key: 'k'.repeat(129) }] },
      ]),
    });
    expect(longKey.status).toBe(400);
    expect(longKey.body.errors).toEqual([
      { field: 'button 2 / sub 1', msg: 'button 2 / sub 1: menu key longer than 128 bytes' },
    ]);
    const four = await post('admin', '/wxapi/createMenu', {
      hospital_code: 'H001',
      menu: menuOf(['a', 'b', 'c', 'd'].map((n) => ({ type: 'click', name: n, key: n }))),
    });
    expect(four.status).toBe(400);
    const notJson = await post('admin', '/wxapi/createMenu', { hospital_code: 'H001', menu: '{"button": [' });
    expect(notJson.status).toBe(400);
    expect(fake.menuCreateCalls).toBe(before);
  });

  it('publishes a good menu and reads it back; the platform failure comes back as publish failed', async () => {
    const button = [
      { type: 'view', name: '预约', url: 'https://example.org/book' },
      { name: '报告', sub_button: [{ type: 'click', name: '我的报告', key: 'MY_REPORTS' }] },
    ];
    const r = await post('admin', '/wxapi/createMenu', { hospital_code: 'H001', menu: menuOf(button) });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({ errcode: 0, errmsg: 'ok' });
    expect(r.body.msg).toBe('Publish menu succeeded');
    const got = await post('admin', '/wxapi/getMenu', { hospital_code: 'H001' });
    expect(got.body.data).toEqual({ button });

    fake.failMenu = { errcode: 65303, errmsg: 'there is no selfmenu' };
    try {
      const failed = await post('admin', '/wxapi/createMenu', { hospital_code: 'H001', menu: menuOf(button) });
      expect(failed.status).toBe(200);
      expect(failed.body.data).toEqual({ errcode: 65303, errmsg: 'there is no selfmenu' });
      expect(failed.body.msg).toBe('Publish menu failed: there is no selfmenu');
    } finally {
      fake.failMenu = null;
    }
  });

  it('needs sys:wechat and the hospital in scope; an account that is not set up says so', async () => {
    const body = { hospital_code: 'H001', menu: menuOf([{ type: 'click', name: 'a', key: 'K' }]) };
    expect((await post('doctor', '/wxapi/createMenu', body)).status).toBe(403);
    expect((await post(null, '/wxapi/getMenu', { hospital_code: 'H001' })).status).toBe(401);
    const other = await post('hadmin', '/wxapi/getMenu', { hospital_code: 'H002' });
    expect(other.status).toBe(403);
    const none = await post('admin', '/wxapi/getMenu', { hospital_code: 'H002' });
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('WECHAT_NOT_CONFIGURED');
  });
});

describe('public-account binding', () => {
  it('shows a QR code while unbound, binds on the signed scan event, refuses a bad signature, unbinds', async () => {
    await configure('H001');
    const me = await userPk('doctor');
    const state = async () =>
      (await call(t.p.app, 'GET', `/wxapi/bindWeiXin?userId=${me}`, { token: t.token('doctor') })).body.data as {
        bound: boolean;
        available: boolean;
        ticket?: string;
        url?: string;
      };
    const first = await state();
    expect(first).toMatchObject({ available: true, bound: false });
    expect(first.ticket).toMatch(/^gQ/);
    expect((await state()).ticket).toBe(first.ticket); // polling shows the same code, no new one
    const scene = fake.qrcodes.find((q) => q.ticket === first.ticket)!.scene;
    expect(scene).toHaveLength(43);

    const forged = await push({ token: TOKEN, signWith: 'wrong', openId: 'o-doc', event: 'SCAN', scene });
    expect(forged.status).toBe(401);
    expect((await state()).bound).toBe(false);

    const ok = await push({ token: TOKEN, openId: 'o-doc', event: 'SCAN', scene });
    expect(ok.status).toBe(200);
    expect(ok.text).toBe('success');
    expect((await state()).bound).toBe(true);
    const [row] = await t.p.deps.db.select().from(wechatMpBind).where(eq(wechatMpBind.user_pk, me));
    expect(row).toMatchObject({ hospital_code: 'H001', open_id: 'o-doc' });

    // The scene is single use: scanned again by someone else, nothing moves.
    await push({ token: TOKEN, openId: 'o-thief', event: 'subscribe', scene });
    const [still] = await t.p.deps.db.select().from(wechatMpBind).where(eq(wechatMpBind.user_pk, me));
    expect(still?.open_id).toBe('o-doc');

    const un = await post('doctor', '/wxapi/unbindWeiXin', { userId: me });
    expect(un.status).toBe(200);
    const again = await state();
    expect(again.bound).toBe(false);
    expect(again.ticket).not.toBe(first.ticket);
  });

  it('binds only the caller; the address check answers echostr only when signed', async () => {
    const other = await userPk('auditor');
    expect((await call(t.p.app, 'GET', `/wxapi/bindWeiXin?userId=${other}`, { token: t.token('doctor') })).status).toBe(
      403,
    );
    expect((await post('doctor', '/wxapi/unbindWeiXin', { userId: other })).status).toBe(403);
    expect((await call(t.p.app, 'GET', `/wxapi/bindWeiXin?userId=${other}`)).status).toBe(401);
    const self = await call(t.p.app, 'GET', '/wxapi/bindWeiXin', { token: t.token('auditor') });
    expect(self.body.data).toMatchObject({ available: true, bound: false });
    const { search } = signedMpEvent({ token: TOKEN, openId: 'x', event: 'SCAN' });
    const check = await call(t.p.app, 'GET', `/wxapi/event/H001?${search}&echostr=hello`);
    expect(check.text).toBe('hello');
    // One character of the signature changed, always to another one (a fixed '0' left one run in 16 signed).
    const tampered = search.replace(/signature=(\w)/, (_, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect(tampered).not.toBe(search);
    const bad = await call(t.p.app, 'GET', `/wxapi/event/H001?${tampered}&echostr=hello`);
    expect(bad.status).toBe(401);
    expect((await call(t.p.app, 'GET', `/wxapi/event/H002?${search}&echostr=hello`)).status).toBe(401);
  });

  it('a hospital without a public account shows no QR code', async () => {
    const me = await userPk('doctor2');
    const r = await call(t.p.app, 'GET', `/wxapi/bindWeiXin?userId=${me}`, { token: t.token('doctor2') });
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toMatchObject({ available: false, bound: false });
  });
});

describe('report-ready notice', () => {
  async function auditOne(): Promise<void> {
    const [s] = (
      (await t.p.deps.db.execute(
        sql`select s.study_iuid from study s join report r on r.study_pk = s.pk
            where s.hospital_code = 'H001' and r.rpt_status = 0 and s.is_del = 0 order by s.pk desc limit 1`,
      )) as { rows: { study_iuid: string }[] }
    ).rows;
    const info = await post('doctor', '/report/info', { study_iuid: s!.study_iuid });
    const before = info.body.data as { reports: { version: number }[]; study: { study_desc: string } };
    const body = (version: number) => ({
      study_iuid: s!.study_iuid,
      version,
      rpt_good_status: 1,
      study_desc: before.study.study_desc || 'CT',
      report_text1: 'findings',
      report_text2: 'opinion',
      RemoveCheck: true,
    });
    const saved = await post('doctor', '/report/save', body(before.reports[0]?.version ?? 0));
    expect(saved.status, saved.text).toBe(200);
    const audited = await post('auditor', '/report/audit', body((saved.body.data as { version: number }).version));
    expect(audited.status, audited.text).toBe(200);
  }
  const sent = () => fake.templateSends.filter((m) => m.touser === 'o-writer');
  const settle = () => new Promise((r) => setTimeout(r, 300));

  it('tells the bound report writer when their hospital and they allow it; never fails the audit', async () => {
    await configure('H001');
    const doctor = await userPk('doctor');
    const db = t.p.deps.db;
    await db.delete(wechatMpBind).where(eq(wechatMpBind.user_pk, doctor));
    await db.insert(wechatMpBind).values({ user_pk: doctor, hospital_code: 'H001', open_id: 'o-writer' });
    await db
      .insert(wechatMpNotice)
      .values({ hospital_code: 'H001', report_template_id: 'TPL-1' })
      .onConflictDoNothing();

    // Off by default: the user has not asked for messages and the hospital does not accept them.
    await auditOne();
    await settle();
    expect(sent()).toHaveLength(0);

    await db.update(hospital).set({ accept_wx_msg: 1 }).where(eq(hospital.code, 'H001'));
    await auditOne();
    await settle();
    expect(sent()).toHaveLength(0); // the user's wechat_accept is still off

    await db
      .update(sysUser)
      .set({ data1: sql`${sysUser.data1} || '{"wechat_accept": true}'::jsonb` })
      .where(eq(sysUser.pk, doctor));
    await auditOne();
    await expect.poll(() => sent().length).toBe(1);
    expect(sent()[0]).toMatchObject({ template_id: 'TPL-1' });
    expect(JSON.stringify(sent()[0]!.data)).not.toContain('findings');

    fake.failTemplate = { errcode: 43004, errmsg: 'require subscribe' };
    try {
      await auditOne(); // still 200 (checked inside)
      await settle();
      expect(sent()).toHaveLength(1);
    } finally {
      fake.failTemplate = null;
    }
  });
});
