import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysUser } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform();

const data1Of = async () => {
  const [u] = await t.p.deps.db.select().from(sysUser).where(eq(sysUser.username, 'auditor'));
  return u!.data1 as Record<string, unknown>;
};
const save = (token: string, data1: unknown, lang?: string) =>
  call(t.p.app, 'POST', '/user/userConfig', { token, json: { data1 }, lang });

describe("the user's own desk keys (data1.hotkeys)", () => {
  it('refuses an unknown action, a bare key, a function key past F12 and a shared combo, and changes nothing', async () => {
    const token = await t.login('auditor');
    expect((await save(token, { oneClickAudit: true, hotkeys: { save: 'ctrl+shift+s' } })).status).toBe(200);
    const before = await data1Of();
    const bad = [
      { print: 'ctrl+p' },
      { save: 's' },
      { save: 'shift+s' },
      { help: 'f13' },
      { audit: 'alt+n' },
      { save: 'f2', next: 'f2' },
      { save: 'ctrl+s', help: 'ctrl+s' },
    ];
    for (const hotkeys of bad) {
      const r = await save(token, { hotkeys, oneClickAudit: false }, 'en-US');
      expect(r.status, JSON.stringify(hotkeys)).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 400, error: 'VALIDATION' });
    }
    expect(await data1Of()).toEqual(before);
  });

  it('answers in the caller language', async () => {
    const token = await t.login('auditor');
    const zh = await save(token, { hotkeys: { save: 'x' } }, 'zh-CN');
    expect(zh.body.msg).toContain('快捷键须含 Ctrl 或 Alt');
    const en = await save(token, { hotkeys: { audit: 'alt+n' } }, 'en-US');
    expect(en.body.msg).toContain('already given to another action');
    const paste = await save(token, { hotkeys: { help: 'ctrl+v' } }, 'zh-CN');
    expect(paste.status).toBe(400);
    expect(paste.body.msg).toContain('编辑文字用的');
    const undo = await save(token, { hotkeys: { next: 'ctrl+z' } }, 'en-US');
    expect(undo.body.msg).toContain('edits text');
  });

  it('keeps a good binding, leaves the other settings as they were, and gives it back with the user', async () => {
    const token = await t.login('auditor');
    expect((await save(token, { oneClickAudit: true, close: true })).status).toBe(200);
    const r = await save(token, { hotkeys: { save: 'ctrl+shift+s', next: 'f2', help: 'alt+h' } });
    expect(r.status).toBe(200);
    expect(await data1Of()).toMatchObject({
      oneClickAudit: true,
      close: true,
      hotkeys: { save: 'ctrl+shift+s', next: 'f2', help: 'alt+h' },
    });
    const info = await call(t.p.app, 'POST', '/user/info', { token });
    expect((info.body.data as { user: { data1: { hotkeys: unknown } } }).user.data1.hotkeys).toEqual({
      save: 'ctrl+shift+s',
      next: 'f2',
      help: 'alt+h',
    });
    // The save key may take a default another action left free.
    expect((await save(token, { hotkeys: { save: 'alt+n', next: 'f2' } })).status).toBe(200);
    expect((await save(token, { hotkeys: {} })).status).toBe(200);
    expect((await data1Of()).hotkeys).toEqual({});
  });

  it('reads a key saved before the editing rule as its default, and an unrelated save keeps every other setting', async () => {
    // As stored before Ctrl+C and Ctrl+Z were refused: the user's other keys and settings must survive it.
    const stored = { oneClickAudit: true, order_audio_play_num: 3, hotkeys: { save: 'ctrl+shift+s', help: 'ctrl+c' } };
    await t.p.deps.db.update(sysUser).set({ data1: stored }).where(eq(sysUser.username, 'auditor'));
    const token = await t.login('auditor');
    type Info = { user: { data1: { hotkeys: unknown; oneClickAudit: boolean; order_audio_play_num: number } } };
    const info = (await call(t.p.app, 'POST', '/user/info', { token })).body.data as Info;
    expect(info.user.data1).toMatchObject({
      oneClickAudit: true,
      order_audio_play_num: 3,
      hotkeys: { save: 'ctrl+shift+s' },
    });
    expect((await save(token, { close: true })).status).toBe(200);
    expect(await data1Of()).toMatchObject({
      close: true,
      oneClickAudit: true,
      order_audio_play_num: 3,
      hotkeys: { save: 'ctrl+shift+s' },
    });
    // Dropping the refused key may not leave two actions on one combo: then none of the user's keys is kept.
    await t.p.deps.db
      .update(sysUser)
      .set({ data1: { oneClickAudit: true, hotkeys: { help: 'ctrl+z', next: 'f1' } } })
      .where(eq(sysUser.username, 'auditor'));
    const after = (await call(t.p.app, 'POST', '/user/info', { token })).body.data as Info;
    expect(after.user.data1).toMatchObject({ oneClickAudit: true, hotkeys: {} });
  });
});
