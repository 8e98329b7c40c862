import { expect, it } from 'vitest';
import type { KnowledgeNode } from '@shared/schemas/knowledge';
import { useE2e } from '../fixtures/e2e';
import { apiPost, apiToken, studiesWithStatus } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { KnowledgeTreePanel } from '../pages/knowledge-tree';
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
  // nor can they drag its nodes
  expect(await new KnowledgeTreePanel(asDoctor.page, 'public').draggable().count()).toBe(0);
  await asDoctor.close();

  await apiPost(e2e.platform, admin, '/template/delete', { pk: made!.children![0]!.pk });
  await apiPost(e2e.platform, admin, '/template/delete', { pk: made!.pk });
});

it('the super administrator drags public templates to another folder and reorders them; the server keeps the order', async () => {
  const admin = await apiToken(e2e.platform, 'admin');
  const save = (body: Record<string, unknown>) =>
    apiPost<KnowledgeNode>(e2e.platform, admin, '/template/save', { scope: 'public', ...body });
  const template = (parent: number, label: string) => save({ parent, label, isleaf: true, sj: label, yj: label });
  const a = await save({ label: 'E2E 拖动 A', isleaf: false });
  const b = await save({ label: 'E2E 拖动 B', isleaf: false });
  const t1 = await template(a.pk, 'E2E 模板一');
  const t2 = await template(a.pk, 'E2E 模板二');
  const t3 = await template(b.pk, 'E2E 模板三');
  const children = async (folder: number) => {
    const tree = await apiPost<KnowledgeNode[]>(e2e.platform, admin, '/template/tree', { scope: 'public' });
    return (tree.find((n) => n.pk === folder)?.children ?? []).map((c) => c.label);
  };
  const ours = (labels: string[]) => labels.filter((l) => l.startsWith('E2E '));

  const [study] = await studiesWithStatus(e2e.platform, admin, 0);
  const { page, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
  try {
    await new ReportWritePage(page).open(e2e.platform.appUrl, study!.study_iuid);
    const tree = new KnowledgeTreePanel(page, 'public');
    // New root folders come right after the first (sort 0, then pk): drawn without scrolling the 320 px list.
    await tree.node('E2E 模板二').waitFor();
    expect(ours(await tree.labels())).toEqual(['E2E 拖动 A', 'E2E 模板一', 'E2E 模板二', 'E2E 拖动 B', 'E2E 模板三']);

    // onto its open folder: first in it
    await tree.drag('E2E 模板二', 'E2E 拖动 A');
    await expect
      .poll(async () => ours(await tree.labels()))
      .toEqual(['E2E 拖动 A', 'E2E 模板二', 'E2E 模板一', 'E2E 拖动 B', 'E2E 模板三']);
    await tree.waitIdle();
    expect(await children(a.pk)).toEqual(['E2E 模板二', 'E2E 模板一']);

    // after a template of another folder: moved there, behind it
    await tree.drag('E2E 模板一', 'E2E 模板三');
    await page.locator(`[data-testid=rw-k-node][data-label="E2E 模板一"][data-parent="${b.pk}"]`).waitFor();
    await tree.waitIdle();
    expect(ours(await tree.labels())).toEqual(['E2E 拖动 A', 'E2E 模板二', 'E2E 拖动 B', 'E2E 模板三', 'E2E 模板一']);
    expect([await children(a.pk), await children(b.pk)]).toEqual([['E2E 模板二'], ['E2E 模板三', 'E2E 模板一']]);

    // a node deleted elsewhere meanwhile: nothing is saved, the user is told, the tree is read again
    await apiPost(e2e.platform, admin, '/template/delete', { pk: t3.pk });
    await tree.drag('E2E 模板二', 'E2E 模板三');
    await page.locator('.ant-message').getByText('该节点已被他人更改，请刷新后重试').waitFor();
    await tree.node('E2E 模板三').waitFor({ state: 'detached' });
    expect([await children(a.pk), await children(b.pk)]).toEqual([['E2E 模板二'], ['E2E 模板一']]);
  } finally {
    await close();
    // t3 is gone already when the test got that far
    for (const pk of [t1.pk, t2.pk, t3.pk, a.pk, b.pk]) {
      await apiPost(e2e.platform, admin, '/template/delete', { pk }).catch(() => undefined);
    }
  }
});
