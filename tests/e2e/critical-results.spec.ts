import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { study, sysUser } from '../../server/src/platform/db/schema';
import { escalateDue } from '../../server/src/modules/critical';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken, reportInfo, studiesWithStatus, writeAndAudit } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ReportPrintPage } from '../pages/report-print-page';
import { WorklistPage } from '../pages/worklist-page';

const ER = '急诊科';
let told: { study_iuid: string; patient_id: string };
let unseen: { study_iuid: string };

/** Until the user's tab has its realtime socket open (pushes before that are not for it). */
async function socketOpen(username: string) {
  const [u] = await e2e.platform.deps.db.select({ pk: sysUser.pk }).from(sysUser).where(eq(sysUser.username, username));
  await expect.poll(() => e2e.platform.deps.realtime.connections(u!.pk), { timeout: 15_000 }).toBeGreaterThan(0);
}

/** As the doctor: the report's critical value, at its current version. */
async function setCritical(study_iuid: string, text: string) {
  const { platform } = e2e;
  const doctor = await apiToken(platform, 'doctor');
  const info = await reportInfo(platform, doctor, study_iuid);
  await apiPost(platform, doctor, '/report/critical', {
    study_iuid,
    version: info.reports[0]!.version,
    is_critical: 1,
    danger_val: text,
  });
}

const e2e = useE2e(async ({ platform }) => {
  const doctor = await apiToken(platform, 'doctor');
  const [a, b] = await studiesWithStatus(platform, doctor, 0);
  if (!a || !b) throw new Error('the demo data has too few unwritten studies');
  await writeAndAudit(platform, a.study_iuid, { findings: '右侧大量气胸，纵隔左移。', opinion: '张力性气胸。' });
  // The clerk works in the emergency department, which asked for study a; nobody works where b came from.
  await platform.deps.db.update(sysUser).set({ department: ER }).where(eq(sysUser.username, 'register'));
  await platform.deps.db.update(study).set({ department: ER }).where(eq(study.study_iuid, a.study_iuid));
  await platform.deps.db
    .update(study)
    .set({ department: '无人科室' })
    .where(inArray(study.study_iuid, [b.study_iuid]));
  const [row] = await platform.deps.db.select().from(study).where(eq(study.study_iuid, a.study_iuid));
  told = { study_iuid: a.study_iuid, patient_id: row!.patient_id };
  unseen = { study_iuid: b.study_iuid };
});

describe('critical results', () => {
  it('reach the signed-in requesting department at once, are acknowledged there, and show on the worklist and the print page', async () => {
    const clerk = await signedIn(e2e.browser, e2e.platform, 'register', { width: 1440, height: 900 });
    try {
      await socketOpen('register');
      await setCritical(told.study_iuid, '张力性气胸，需立即处理');
      const push = clerk.page.getByTestId('critical-push');
      await push.waitFor({ timeout: 15_000 });
      expect(await push.textContent()).toContain('张力性气胸，需立即处理');
      await shot(clerk.page, 'critical-push-zh-CN');
      await clerk.page.getByTestId('critical-push-open').click();
      const card = clerk.page.getByTestId('critical-card');
      await card.waitFor();
      await shot(clerk.page, 'critical-drawer-zh-CN');
      await card.getByTestId('critical-ack').click();
      await clerk.page.locator('.ant-message').getByText('已确认危急值').waitFor();
      await card.waitFor({ state: 'detached' });

      const wl = new WorklistPage(clerk.page);
      await clerk.page.goto(
        `${e2e.platform.appUrl}#/orderList?patient_id=${told.patient_id}&is_critical=1&pageNumber=1`,
      );
      await wl.waitForResults({ query: told.patient_id, min: 1 });
      expect(await clerk.page.getByTestId('cell-critical').count()).toBe(1);
    } finally {
      await clerk.close();
    }
    const doctor = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
    try {
      await ReportPrintPage.stubPrinting(doctor.page);
      const print = new ReportPrintPage(doctor.page, e2e.platform.appUrl);
      await print.open({ study_iuid: told.study_iuid });
      await print.waitReady();
      expect(await doctor.page.getByTestId('report-critical').textContent()).toBe('危急值：张力性气胸，需立即处理');
    } finally {
      await doctor.close();
    }
  });

  it('is escalated to those who manage critical results when nobody acknowledges it in time', async () => {
    const manager = await signedIn(e2e.browser, e2e.platform, 'auditor', { width: 1440, height: 900 });
    try {
      await socketOpen('auditor');
      await setCritical(unseen.study_iuid, '急性主动脉夹层');
      const deps = e2e.platform.deps;
      const now = deps.now;
      deps.now = () => new Date(Date.now() + 31 * 60_000);
      try {
        expect(await escalateDue(deps)).toBe(1);
      } finally {
        deps.now = now;
      }
      const push = manager.page.getByTestId('critical-push');
      await push.waitFor({ timeout: 15_000 });
      expect(await push.textContent()).toContain('已升级');
      await manager.page.getByTestId('critical-push-open').click();
      const card = manager.page.getByTestId('critical-card');
      await card.getByTestId('critical-note').fill('电话通知值班医生李医生');
      await card.getByTestId('critical-ack').click();
      await manager.page.locator('.ant-message').getByText('已确认危急值').waitFor();
      // Nothing left to acknowledge: the drawer closes and the header's reminder goes.
      await manager.page.getByTestId('critical-drawer').waitFor({ state: 'hidden' });
      await manager.page.getByTestId('critical-reminder').waitFor({ state: 'detached' });
      await manager.page.goto(`${e2e.platform.appUrl}#/critical?status=1&pageNumber=1`);
      await manager.page.getByTestId('cr-summary').waitFor();
      await manager.page.locator('[data-testid=cr-row-status]').first().waitFor();
      await shot(manager.page, 'critical-list-zh-CN');
      await manager.shell.switchLanguage('en-US');
      await manager.page.getByTestId('cr-summary').getByText('Acknowledged', { exact: false }).waitFor();
      await shot(manager.page, 'critical-list-en-US');
    } finally {
      await manager.close();
    }
  });
});
