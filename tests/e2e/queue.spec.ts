import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@web/lib/storage-keys';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { CallPanelScreen, CallScreen, DeskScreen } from '../pages/queue-pages';

const SCREE_INTERVAL_S = 3;
let device: { pk: number; device_key: string };
let admin: string;

async function api<T>(origin: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: T; msg: string };
  if (!json.success) throw new Error(`${path}: ${json.msg}`);
  return json.data;
}

async function login(username: string, password: string): Promise<string> {
  const res = await fetch(`${e2e.platform.origin}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, logon_type: 'PC' }),
  });
  return ((await res.json()) as { token: string }).token;
}

const e2e = useE2e(async ({ platform }) => {
  admin = await login('admin', 'Admin@123');
  device = await api(
    platform.origin,
    '/device/saveCall',
    {
      name: 'Waiting hall',
      hospital_code: 'H001',
      department: '放射科',
      rooms: [{ room_name: 'CT1' }, { room_name: 'DR1' }, { room_name: 'US1' }],
      scree_interval: SCREE_INTERVAL_S,
      play_times: 1,
    },
    admin,
  );
  // US1 gives out the numbers of its segment, shown with the prefix: B101, B102, ...
  await api(
    platform.origin,
    '/us/number/saveOrEdit',
    { hospital_code: 'H001', call_room: 'US1', prefix: 'B', start_no: 101, end_no: 199 },
    admin,
  );
});

/** The call screen in a browser profile of its own (a kiosk), in Chinese unless told. */
async function openScreen(o: { locale?: 'zh-CN' | 'en-US' } = {}) {
  const { context, page } = await newPage(e2e.browser, o);
  await context.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [STORAGE_KEYS.locale, o.locale ?? 'zh-CN']);
  // The page's own clock: when the call view comes and goes, and when audio starts playing.
  await context.addInitScript(() => {
    const w = window as unknown as { marks: { what: string; t: number }[] };
    w.marks = [];
    let shown = false;
    new MutationObserver(() => {
      const now = !!document.querySelector('[data-testid=screen-call]');
      if (now !== shown) w.marks.push({ what: now ? 'shown' : 'hidden', t: performance.now() });
      shown = now;
    }).observe(document, { subtree: true, childList: true });
    // No browser voice (as on most kiosk Linux builds): the screen plays the server's recorded announcement.
    if (typeof speechSynthesis !== 'undefined') speechSynthesis.getVoices = () => [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      w.marks.push({ what: `play ${this.src}`, t: performance.now() });
      return play.call(this);
    };
  });
  const screen = new CallScreen(page, e2e.platform.appUrl);
  await screen.open(device.pk, device.device_key);
  return { screen, page, close: () => context.close() };
}

describe('registration desk and call screen', () => {
  it('register and call at the desk: the screen shows the masked name full screen for scree_interval, then the board', async () => {
    const { screen, page: screenPage, close } = await openScreen();
    expect(await screen.waitStatus('open')).toBe('连接成功');
    // The key is kept by the screen and gone from its address bar.
    expect(new URL(screenPage.url()).hash).toBe(`#/screen?pk=${device.pk}`);
    await screen.room('DR1').waitFor();
    expect(await screen.page.getByTestId('screen-hospital').textContent()).toBe('第一人民医院');

    const desk = await signedIn(e2e.browser, e2e.platform, 'register');
    const deskScreen = new DeskScreen(desk.page, e2e.platform.appUrl);
    await deskScreen.open();
    await deskScreen.register({ pat_id: 'Q-E2E-1', pat_name: '张三丰', modality: 'CT', room: 'CT1' });
    expect(await deskScreen.row('Q-E2E-1').getByTestId('desk-call-no').textContent()).toBe('1');
    // The waiting patient reaches the board, masked.
    await screen.room('CT1').getByTestId('screen-room-waiting').filter({ hasText: '1号 张*丰' }).waitFor();

    await deskScreen.act('Q-E2E-1', 'call', 'called');

    await screen.call().waitFor();
    expect(await screen.call().getAttribute('data-call-no')).toBe('1');
    expect(await screen.page.getByTestId('screen-call-patient').textContent()).toBe('1号 张*丰');
    expect(await screen.page.getByTestId('screen-call-room').textContent()).toContain('CT1');
    await screen.call().waitFor({ state: 'hidden', timeout: (SCREE_INTERVAL_S + 5) * 1000 });
    const marks = await screenPage.evaluate(
      () => (window as unknown as { marks: { what: string; t: number }[] }).marks,
    );
    const at = (what: string) => marks.find((m) => m.what.startsWith(what))?.t ?? NaN;
    // On view for scree_interval seconds; the recorded announcement starts 3 s after the call.
    expect(at('hidden') - at('shown')).toBeGreaterThanOrEqual(SCREE_INTERVAL_S * 1000 - 50);
    expect(at('hidden') - at('shown')).toBeLessThan(SCREE_INTERVAL_S * 1000 + 1000);
    expect(marks.find((m) => m.what.startsWith('play'))?.what).toContain('/register/playmp3?pat_id=Q-E2E-1');
    expect(at('play') - at('shown')).toBeGreaterThanOrEqual(3_000 - 50);
    expect(at('play') - at('shown')).toBeLessThan(4_000);
    await screen.room('CT1').getByTestId('screen-room-current').filter({ hasText: '1号 张*丰' }).waitFor();
    // The full name is nowhere on the public screen.
    expect(await screenPage.content()).not.toContain('张三丰');

    await desk.close();
    await close();
  });

  it('when the device is switched off the screen says the connection is gone, and it comes back by itself', async () => {
    const { screen, close } = await openScreen();
    await screen.waitStatus('open');

    await api(e2e.platform.origin, '/device/updateCallStatus', { pk: device.pk, status: 0 }, admin);
    expect(await screen.waitStatus('retrying')).toBe('已断开，正在重连');

    await api(e2e.platform.origin, '/device/updateCallStatus', { pk: device.pk, status: 1 }, admin);
    // Reconnects on its own within the 5 s retry (plus the refused attempts while it was off).
    expect(await screen.waitStatus('open', 15_000)).toBe('连接成功');
    await screen.room('CT1').waitFor();
    await close();
  });

  it('a new device key drops the screen for good; the new address binds it again', async () => {
    const { screen, page, close } = await openScreen();
    await screen.waitStatus('open');

    const renewed = await api<{ pk: number; device_key: string }>(
      e2e.platform.origin,
      '/device/newCallKey',
      { pk: device.pk },
      admin,
    );
    // Closed as replaced: no retrying with a key that will never be let in again (web/src/lib/reconnecting-socket.test.ts).
    expect(await screen.waitStatus('broken')).toBe('连接断开');

    device = renewed;
    // The address the administrator copies from the key dialog, opened in the same tab.
    await screen.open(device.pk, device.device_key);
    expect(await screen.waitStatus('open')).toBe('连接成功');
    expect(new URL(page.url()).hash).toBe(`#/screen?pk=${device.pk}`);
    await page.reload();
    expect(await screen.waitStatus('open')).toBe('连接成功');
    await close();
  });

  it("the doctor's call panel: the doctor on duty and the call reach the screen", async () => {
    const { screen, close } = await openScreen();
    await screen.waitStatus('open');
    const registered = await api<{ pk: number }>(
      e2e.platform.origin,
      '/register/save',
      { pat_id: 'Q-E2E-4', pat_name: '欧阳娜娜', patient_sex: 'F', modality: 'DR', call_room: 'DR1' },
      await login('register', 'Register@123'),
    );
    const doctor = await signedIn(e2e.browser, e2e.platform, 'doctor');
    const panel = new CallPanelScreen(doctor.page, e2e.platform.appUrl);
    await panel.open('DR1');
    await panel.setDoctor('李医生');
    await screen.room('DR1').filter({ hasText: '李医生' }).waitFor();

    await panel.callNext(registered.pk);
    await screen.call().waitFor();
    expect(await screen.page.getByTestId('screen-call-patient').textContent()).toContain('欧**娜');
    await doctor.close();
    await close();
  });

  it("a room's number segment: desk, messages and screen show the prefix with the number", async () => {
    const cases = [
      { locale: 'zh-CN', pat_id: 'Q-E2E-6', name: '赵六一', no: 'B101', board: 'B101号 赵*一', toast: 'US1 B101号' },
      {
        locale: 'en-US',
        pat_id: 'Q-E2E-7',
        name: 'Zhao Liu',
        no: 'B102',
        board: 'No. B102 Z******u',
        toast: 'No. B102',
      },
    ] as const;
    for (const c of cases) {
      const { screen, page: screenPage, close } = await openScreen({ locale: c.locale });
      await screen.waitStatus('open');
      // The browser tab names the device in the screen's language (the static page title is Chinese).
      expect(await screenPage.title()).toBe(`Waiting hall - ${c.locale === 'en-US' ? 'Call screen' : '叫号屏'}`);
      const desk = await signedIn(e2e.browser, e2e.platform, 'register');
      if (c.locale === 'en-US') await desk.shell.switchLanguage('en-US');
      const deskScreen = new DeskScreen(desk.page, e2e.platform.appUrl);
      await deskScreen.open();
      await deskScreen.register({ pat_id: c.pat_id, pat_name: c.name, modality: 'US', room: 'US1' });
      await desk.page.locator('.ant-message-notice', { hasText: c.toast }).waitFor();
      expect(await deskScreen.row(c.pat_id).getByTestId('desk-call-no').textContent()).toBe(c.no);
      await screen.room('US1').getByTestId('screen-room-waiting').filter({ hasText: c.board }).waitFor();
      await shot(desk.page, `queue-prefix-desk-${c.locale}`);
      await shot(screenPage, `queue-prefix-board-${c.locale}`);

      await deskScreen.act(c.pat_id, 'call', 'called');
      await screen.call().waitFor();
      expect(await screen.call().getAttribute('data-call-prefix')).toBe('B');
      expect(await screen.page.getByTestId('screen-call-patient').textContent()).toBe(c.board);
      await shot(screenPage, `queue-prefix-call-${c.locale}`);
      await screen.room('US1').getByTestId('screen-room-current').filter({ hasText: c.board }).waitFor();
      await desk.close();
      await close();
    }
  });

  it('the register form names the character a name cannot hold, and why', async () => {
    const desk = await signedIn(e2e.browser, e2e.platform, 'register');
    try {
      const deskScreen = new DeskScreen(desk.page, e2e.platform.appUrl);
      await deskScreen.open();
      await desk.page.getByTestId('desk-register').click();
      await desk.page.getByTestId('desk-register-pat-id').fill('Q-SEP-1');
      await desk.page.getByTestId('desk-register-pat-name').fill('WANG^WU');
      await desk.page.getByTestId('desk-register-save').click();
      const errors = desk.page.locator('.ant-form-item-explain-error');
      await errors.first().waitFor();
      expect(await errors.allTextContents()).toContain('“^”不能出现在姓名中：影像设备把它当作分隔符，请删去');
    } finally {
      await desk.close();
    }
  });

  it('the desk greys out the actions a state does not allow', async () => {
    const desk = await signedIn(e2e.browser, e2e.platform, 'register');
    const deskScreen = new DeskScreen(desk.page, e2e.platform.appUrl);
    await deskScreen.open();
    await deskScreen.register({ pat_id: 'Q-E2E-2', pat_name: 'Li Si', modality: 'DR', room: 'DR1' });
    const row = deskScreen.row('Q-E2E-2');
    expect(await row.getByTestId('desk-action-call').isEnabled()).toBe(true);
    expect(await row.getByTestId('desk-action-pass').isEnabled()).toBe(false);
    await deskScreen.act('Q-E2E-2', 'call', 'called');
    expect(await row.getByTestId('desk-action-call').isEnabled()).toBe(false);
    await deskScreen.act('Q-E2E-2', 'pass', 'passed');
    await deskScreen.act('Q-E2E-2', 'call', 'called');
    await deskScreen.act('Q-E2E-2', 'complete', 'completed');
    expect(await row.getByTestId('desk-action-callAgain').isEnabled()).toBe(false);

    // Registered elsewhere (another desk): this desk's list and room counts follow without a reload.
    await api(
      e2e.platform.origin,
      '/register/save',
      { pat_id: 'Q-E2E-3', pat_name: 'Wang Wu', patient_sex: 'F', modality: 'DR', call_room: 'DR1' },
      await login('register', 'Register@123'),
    );
    await deskScreen.row('Q-E2E-3').waitFor({ timeout: 5_000 });
    await desk.page.locator('[data-testid=desk-room-tab][data-room=DR1][data-waiting="1"]').waitFor({ timeout: 5_000 });
    await desk.close();
  });
});
