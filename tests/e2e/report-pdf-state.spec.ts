import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { VersionRow } from '@shared/schemas/report';
import { reportJob, reportVersion } from '../../server/src/platform/db/schema';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken, studiesWithStatus, writeAndAudit } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { ReportProductsPanel } from '../pages/report-products';
import { ReportWritePage } from '../pages/report-write-page';

// No archive worker in this file: each archive job stays as the test sets it (no Chromium render overtakes it).
vi.stubEnv('REPORT_JOBS', 'off');
afterAll(() => vi.unstubAllEnvs());
const e2e = useE2e();

/** A study audited, cancelled and audited again: its two audit version rows, newest first. */
async function twiceAudited(): Promise<{ study_iuid: string; newest: VersionRow; older: VersionRow }> {
  const doctor = await apiToken(e2e.platform, 'doctor');
  const auditor = await apiToken(e2e.platform, 'auditor');
  const [target] = await studiesWithStatus(e2e.platform, doctor, 0);
  if (!target) throw new Error('no unwritten study');
  const { study_iuid } = target;
  const first = await writeAndAudit(e2e.platform, study_iuid, {
    findings: '双肺纹理清晰。',
    opinion: '双肺未见明显异常。',
  });
  await apiPost(e2e.platform, auditor, '/report/cancelAudit', { study_iuid, version: first.reports[0]!.version });
  await writeAndAudit(e2e.platform, study_iuid, {
    findings: '右肺上叶见一小结节，直径约 4 mm。',
    opinion: '右肺上叶小结节，建议随访。',
  });
  const versions = await apiPost<VersionRow[]>(e2e.platform, doctor, '/report/versions', { study_iuid });
  const [newest, older] = versions.filter((v) => v.rpt_status === 2);
  if (!newest || !older) throw new Error('two audits expected');
  return { study_iuid, newest, older };
}

const setArchive = (versionPk: number, set: Partial<typeof reportJob.$inferInsert>) =>
  e2e.platform.deps.db
    .update(reportJob)
    .set(set)
    .where(and(eq(reportJob.version_pk, versionPk), eq(reportJob.kind, 'archive')));

describe('the version list: the archived PDF of each audit', () => {
  it('shows a PDF being made (with its attempt), then failed with its error and the retry, which makes it again', async () => {
    const admin = await apiToken(e2e.platform, 'admin');
    // The retry queues the delivery too, so it needs an endpoint; nothing is sent (no worker).
    await apiPost(e2e.platform, admin, '/config/save', {
      name: 'report_fhir_url',
      value: 'http://127.0.0.1:9/fhir/DiagnosticReport',
    });
    const { study_iuid, newest, older } = await twiceAudited();
    await setArchive(older.pk, { attempts: 2, last_error: 'render: TimeoutError' });
    await setArchive(newest.pk, { attempts: 3, last_error: 'seal: Error' });

    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
    try {
      const rw = new ReportWritePage(page);
      await rw.open(e2e.platform.appUrl, study_iuid);
      const panel = new ReportProductsPanel(page);
      await panel.openVersions();
      await panel.pdfTag(newest.pk, 'pending').waitFor();
      expect(await panel.pdfTag(newest.pk, 'pending').textContent()).toBe('PDF 生成中（第 3 次）');
      expect(await panel.pdfTag(older.pk, 'pending').textContent()).toBe('PDF 生成中（第 2 次）');
      expect(await panel.pdfRetry(newest.pk).count()).toBe(0);
      expect(await page.getByTestId('rw-version-pdf').count()).toBe(0);
      // Only audit rows carry a PDF state (save and cancel rows do not).
      expect(await page.locator('[data-testid=rw-version][data-pdf-state=none]').count()).toBeGreaterThan(0);
      expect(
        await page.locator('[data-testid=rw-version][data-pdf-state=none] [data-testid=rw-version-pdf-state]').count(),
      ).toBe(0);

      // It gives up: the list, read again while a PDF is being made, shows it red with its error and the retry.
      await setArchive(newest.pk, { state: 'failed', attempts: 12 });
      await panel.pdfTag(newest.pk, 'failed').waitFor({ timeout: 15_000 });
      expect(await panel.pdfTag(newest.pk, 'failed').textContent()).toBe('PDF 生成失败');
      await panel.pdfTag(newest.pk, 'failed').hover();
      await page.locator('.ant-tooltip').getByText('第 12 次：seal: Error').waitFor();
      await panel.pdfRetry(newest.pk).waitFor();
      expect(await panel.pdfRetry(older.pk).count()).toBe(0);
      await shot(page, 'versions-pdf-state-zh-CN');

      await panel.closeVersions();
      await shell.switchLanguage('en-US');
      await panel.openVersions();
      await panel.pdfTag(newest.pk, 'failed').hover();
      await page.locator('.ant-tooltip').getByText('Attempt 12: seal: Error').waitFor();
      expect(await panel.pdfTag(newest.pk, 'failed').textContent()).toBe('PDF failed');
      expect(await panel.pdfTag(older.pk, 'pending').textContent()).toBe('PDF being made (attempt 2)');
      expect(await panel.pdfRetry(newest.pk).textContent()).toBe('Retry');
      await shot(page, 'versions-pdf-state-en-US');

      // The retry is the delivery line's: the archive is queued again with a fresh count.
      await panel.pdfRetry(newest.pk).click();
      await panel.pdfTag(newest.pk, 'pending').waitFor();
      expect(await panel.pdfTag(newest.pk, 'pending').textContent()).toBe('PDF being made');
      const [job] = await e2e.platform.deps.db
        .select({ state: reportJob.state, attempts: reportJob.attempts })
        .from(reportJob)
        .where(and(eq(reportJob.version_pk, newest.pk), eq(reportJob.kind, 'archive')));
      expect(job).toEqual({ state: 'pending', attempts: 0 });

      // Archived: the tag gives way to the PDF button.
      await setArchive(older.pk, { state: 'done', last_error: '' });
      await e2e.platform.deps.db
        .update(reportVersion)
        .set({ pdf_sha256: 'c'.repeat(64) })
        .where(eq(reportVersion.pk, older.pk));
      await panel.version(older.pk).getByTestId('rw-version-pdf').waitFor({ timeout: 15_000 });
      expect(await panel.version(older.pk).getByTestId('rw-version-pdf-state').count()).toBe(0);
    } finally {
      await close();
    }
  }, 120_000);
});
