import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { report, study } from '../../server/src/platform/db/schema';
import { useE2e } from '../fixtures/e2e';
import { apiToken, studiesWithStatus, writeAndAudit } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { ReportPrintPage } from '../pages/report-print-page';
import { WorklistPage } from '../pages/worklist-page';

/**
 * The time zone rule (issue 40 item 2): a server whose machine runs in UTC, for a hospital in UTC+8
 * (TIME_ZONE=Asia/Shanghai), seen from a workstation set to New York. The header clock, the worklist's report
 * time, the printed report and the audit trail all show the hospital's time.
 */
process.env.TZ = 'UTC'; // the server's machine (the platform starts in this process)
const ZONE = 'Asia/Shanghai';
const WORKSTATION = 'America/New_York';
const e2e = useE2e(undefined, { env: { TIME_ZONE: ZONE } });

/** 'YYYY-MM-DD HH:mm:ss' of an instant in a zone (what the platform must show). */
const inZone = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(d);

/** The instant a hospital-zone 'YYYY-MM-DD HH:mm:ss' names (Shanghai has no daylight saving: +08:00). */
const fromHospital = (text: string) => new Date(`${text.replace(' ', 'T')}+08:00`);

describe('one time zone: the hospital’s', () => {
  it('the header clock, the worklist, the printed report and the audit trail agree, in UTC+8', async () => {
    const doctor = await apiToken(e2e.platform, 'doctor');
    const [fresh] = await studiesWithStatus(e2e.platform, doctor, 0);
    if (!fresh) throw new Error('the demo data has no unwritten study');
    await writeAndAudit(e2e.platform, fresh.study_iuid, { findings: '时区测试所见', opinion: '时区测试意见' });
    const [row] = await e2e.platform.deps.db
      .select({ at: report.report_datetime, accession: study.accession_no })
      .from(report)
      .innerJoin(study, eq(study.pk, report.study_pk))
      .where(eq(study.study_iuid, fresh.study_iuid));
    const expected = inZone(row!.at!, ZONE);
    // the machine's zone and the workstation's would both give another time
    expect(expected).not.toBe(inZone(row!.at!, 'UTC'));

    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'doctor', { timezoneId: WORKSTATION });
    try {
      expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(WORKSTATION);
      // the header clock: the hospital's time now, not New York's
      const clock = page.getByTestId('server-clock');
      await expect
        .poll(async () => Math.abs(fromHospital((await clock.innerText()).trim()).getTime() - Date.now()), {
          timeout: 10_000,
        })
        .toBeLessThan(60_000);

      const list = new WorklistPage(page);
      await page.goto(`${e2e.platform.appUrl}#/orderList?accession_no=${row!.accession}&pageNumber=1`);
      await list.waitForResults({ query: row!.accession, min: 1 });
      expect(await list.cellTexts('cell-report-datetime')).toEqual([expected.slice(0, 16)]);

      await ReportPrintPage.stubPrinting(page);
      const print = new ReportPrintPage(page, e2e.platform.appUrl);
      await print.open({ study_iuid: fresh.study_iuid });
      await print.waitReady();
      expect(await page.getByTestId('print-root').innerText()).toContain(expected.slice(0, 16));
    } finally {
      await close();
    }

    // the audit trail (the administrator's): the audit's row in the hospital's time too
    const admin = await signedIn(e2e.browser, e2e.platform, 'admin', { timezoneId: WORKSTATION });
    try {
      await admin.page.goto(`${e2e.platform.appUrl}#/system/audit`);
      const times = admin.page.getByTestId('audit-row-time');
      await times.first().waitFor();
      const newest = fromHospital((await times.first().innerText()).trim());
      expect(Math.abs(newest.getTime() - Date.now())).toBeLessThan(5 * 60_000);
    } finally {
      await admin.close();
    }
  });
});
