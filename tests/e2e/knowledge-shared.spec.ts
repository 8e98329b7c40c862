import { expect, it } from 'vitest';
import type { KnowledgeNode } from '@shared/schemas/knowledge';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken, studiesWithStatus } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { ReportWritePage } from '../pages/report-write-page';

const e2e = useE2e();

it('the super administrator builds the public template tree on the writing screen; doctors use it but get no edit buttons', async () => {
  const admin = await apiToken(e2e.platform, 'admin');
  const [study] = await studiesWithStatus(e2e.platform, admin, 0);
  const { page, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
  const rw = new ReportWritePage(page);
  await rw.open(e2e.platform.appUrl, study!.study_iuid);
  const tab = page.getByTestId('rw-shared-public');
  await tab.waitFor();
  const named = async (button: string, name: string) => {
    await page.getByTestId(`rw-k-public-${button}`).click();
    await page.getByTestId('rw-k-public-name').fill(name);
    await page.getByTestId('rw-k-public-name-ok').click();
  };
  await named('new-folder', 'E2E 公共文件夹');
  const folder = tab.locator('[data-testid=rw-k-node][data-label="E2E 公共文件夹"]');
  await folder.click();
  await named('new-template', 'E2E 公共模板');
  await tab.locator('[data-testid=rw-k-node][data-label="E2E 公共模板"]').waitFor();

  const doctor = await apiToken(e2e.platform, 'doctor');
  const tree = await apiPost<KnowledgeNode[]>(e2e.platform, doctor, '/template/tree', { scope: 'public' });
  const made = tree.find((n) => n.label === 'E2E 公共文件夹');
  expect(made?.children?.map((c) => [c.label, c.isleaf])).toEqual([['E2E 公共模板', true]]);
  await close();

  const asDoctor = await signedIn(e2e.browser, e2e.platform, 'doctor', { width: 1440, height: 900 });
  const [own] = await studiesWithStatus(e2e.platform, doctor, 0);
  const rwd = new ReportWritePage(asDoctor.page);
  await rwd.open(e2e.platform.appUrl, own!.study_iuid);
  await asDoctor.page
    .locator('[data-testid=rw-tree-public] [data-testid=rw-k-node][data-label="E2E 公共文件夹"]')
    .waitFor();
  expect(await asDoctor.page.getByTestId('rw-k-public-new-folder').count()).toBe(0);
  await asDoctor.close();

  await apiPost(e2e.platform, admin, '/template/delete', { pk: made!.children![0]!.pk });
  await apiPost(e2e.platform, admin, '/template/delete', { pk: made!.pk });
});
