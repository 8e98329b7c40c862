import zhHis from '../../web/src/locales/zh-CN/his.json';
import enHis from '../../web/src/locales/en-US/his.json';
import { describe, expect, it } from 'vitest';
import type { Hl7PeerRow, Hl7PeerSave } from '../../shared/src/schemas/his';
import { useE2e, type E2e } from '../fixtures/e2e';
import { apiPost, apiToken } from '../fixtures/report-api';
import { signedIn } from '../fixtures/session';
import { shot } from '../fixtures/shots';
import { HisInterfacesPage } from '../pages/his-interfaces-page';

/** Two interfaces already in place (H001's outpatient HIS sending results, H002's), as a hospital would have them. */
async function setup(e2e: E2e) {
  const admin = await apiToken(e2e.platform, 'admin');
  const peers: Hl7PeerSave[] = [
    {
      name: '门诊 HIS（东华）',
      hospital_code: 'H001',
      address: '10.0.8.21',
      facility: 'MZ_HIS',
      charset: 'GB 18030-2000',
      result_host: '10.0.8.21',
      result_port: 2576,
    },
    { name: '二院 HIS', hospital_code: 'H002', address: 'his.h002.local', charset: 'UNICODE UTF-8' },
  ];
  for (const p of peers) await apiPost(e2e.platform, admin, '/hl7/savePeer', p);
}

const e2e = useE2e(setup);

const peerList = async (user: 'admin' | 'hadmin') =>
  apiPost<Hl7PeerRow[]>(e2e.platform, await apiToken(e2e.platform, user), '/hl7/peerList', {});

describe('HIS interfaces (the DICOM devices route, second tab)', () => {
  it('a hospital administrator creates, switches off, edits and deletes an interface of their hospital', async () => {
    const { page, shell, close } = await signedIn(e2e.browser, e2e.platform, 'hadmin', { width: 1440, height: 900 });
    const his = new HisInterfacesPage(page, e2e.platform.appUrl);
    await his.open();
    expect(await his.names()).toEqual(['门诊 HIS（东华）']);
    expect(await his.row('门诊 HIS（东华）').getByTestId('his-cell-result').textContent()).toBe('10.0.8.21:2576');

    await his.openNew();
    expect(await page.getByTestId('his-form-hospital').count()).toBe(0);
    await his.fill({ name: '体检中心 HIS', address: 'his server', facility: 'TJZX' });
    await his.save(false);
    expect(await his.errorsOf('his-form-address').textContent()).toBe(zhHis.rules.address);
    // A host without a port: results need both.
    await his.fill({ address: '10.0.8.35', resultHost: '10.0.8.35' });
    await his.save(false);
    expect(await his.errorsOf('his-form-result-host').textContent()).toBe(zhHis.rules.resultBoth);
    await his.fill({ charset: zhHis.charsets.gb18030, resultPort: 2575 });
    await shot(page, 'his-form-zh-CN');
    await his.save();
    await his.row('体检中心 HIS').waitFor();
    expect(await his.row('体检中心 HIS').getByTestId('his-cell-result').textContent()).toBe('10.0.8.35:2575');
    let saved = (await peerList('hadmin')).find((p) => p.name === '体检中心 HIS');
    expect(saved).toMatchObject({
      hospital_code: 'H001',
      address: '10.0.8.35',
      facility: 'TJZX',
      charset: 'GB 18030-2000',
      result_host: '10.0.8.35',
      result_port: 2575,
      status: 1,
    });

    expect(await his.toggle('体检中心 HIS')).toBe(false);
    expect((await peerList('hadmin')).find((p) => p.name === '体检中心 HIS')?.status).toBe(0);
    await shot(page, 'his-list-zh-CN');

    await his.openEdit('体检中心 HIS');
    expect(await page.getByTestId('his-form-status').getAttribute('aria-checked')).toBe('false');
    await his.fill({ resultHost: '10.0.8.36', resultPort: 2580 });
    await his.save();
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid=his-row][data-name="体检中心 HIS"] [data-testid=his-cell-result]')
          ?.textContent === '10.0.8.36:2580',
    );
    saved = (await peerList('hadmin')).find((p) => p.name === '体检中心 HIS');
    // The edit kept what it did not touch: still off, same address and character set.
    expect(saved).toMatchObject({ result_host: '10.0.8.36', result_port: 2580, status: 0, address: '10.0.8.35' });
    expect(saved?.charset).toBe('GB 18030-2000');

    await shell.switchLanguage('en-US');
    await page.getByTestId('his-page').getByText(enHis.new).waitFor();
    await shot(page, 'his-list-en-US');
    await his.openEdit('门诊 HIS（东华）');
    await his.fill({ address: 'his server' });
    await his.save(false);
    expect(await his.errorsOf('his-form-address').textContent()).toBe(enHis.rules.address);
    await shot(page, 'his-form-en-US');
    await page.keyboard.press('Escape');
    await his.form().waitFor({ state: 'hidden' });

    await his.remove('体检中心 HIS');
    expect((await peerList('hadmin')).map((p) => p.name)).toEqual(['门诊 HIS（东华）']);
    await close();
  });

  it('the super administrator sees every hospital and picks the hospital; the devices tab is unchanged', async () => {
    const { page, close } = await signedIn(e2e.browser, e2e.platform, 'admin', { width: 1440, height: 900 });
    const his = new HisInterfacesPage(page, e2e.platform.appUrl);
    await page.goto(`${e2e.platform.appUrl}#/system/device`);
    await page.locator('[data-testid=device-row][data-aet=H001_CT1]').waitFor();
    await page.getByTestId('device-tab-his').click();
    await his.waitForList(2);
    expect((await his.names()).sort()).toEqual(['二院 HIS', '门诊 HIS（东华）'].sort());
    expect(await his.row('二院 HIS').getByTestId('his-cell-result').textContent()).toBe(zhHis.notSent);

    await his.openNew();
    await his.fill({ name: '二院体检 HIS', hospital: '第二人民医院', address: '10.0.9.40' });
    await his.save();
    await his.row('二院体检 HIS').waitFor();
    expect((await peerList('admin')).find((p) => p.name === '二院体检 HIS')).toMatchObject({
      hospital_code: 'H002',
      hospital_name: '第二人民医院',
      charset: 'UNICODE UTF-8',
      result_host: '',
      result_port: 0,
      status: 1,
    });
    await shot(page, 'his-list-super-zh-CN');

    await page.getByTestId('device-tab-devices').click();
    await page.locator('[data-testid=device-row][data-aet=H001_CT1]').waitFor();
    await close();
  });
});
