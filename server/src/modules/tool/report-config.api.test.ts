import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysConfig } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

const t = useTestPlatform({ users: ['doctor'] });

const setConfig = (name: string, value: string) =>
  t.p.deps.db.update(sysConfig).set({ value }).where(eq(sysConfig.name, name));

describe('GET /tool/reportConfig', () => {
  it('answers core_url, multi_page_report, use_critical, workload_link_hospital, whether ai_url is set, imageViewer and openType', async () => {
    const r = await call(t.p.app, 'GET', '/tool/reportConfig', { token: t.token('doctor') });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      core_url: '',
      multi_page_report: true,
      use_critical: true,
      workload_link_hospital: '',
      ai_enabled: false,
      image_viewer: '',
      open_type: '',
    });
    await setConfig('core_url', ' https://core.example.org ');
    await setConfig('imageViewer', ' https://viewer.example.org/viewer?StudyInstanceUIDs={study_iuid} ');
    await setConfig('openType', '_self');
    await setConfig('multi_page_report', 'N');
    await setConfig('use_critical', 'N');
    await setConfig('workload_link_hospital', ' H001 ');
    await setConfig('ai_url', ' http://ai.example.org/suggest ');
    try {
      const changed = await call(t.p.app, 'GET', '/tool/reportConfig', { token: t.token('doctor') });
      expect(changed.body.data).toEqual({
        core_url: 'https://core.example.org',
        multi_page_report: false,
        use_critical: false,
        workload_link_hospital: 'H001',
        ai_enabled: true,
        image_viewer: 'https://viewer.example.org/viewer?StudyInstanceUIDs={study_iuid}',
        open_type: '_self',
      });
    } finally {
      await setConfig('core_url', '');
      await setConfig('multi_page_report', 'Y');
      await setConfig('use_critical', 'Y');
      await setConfig('workload_link_hospital', '');
      await setConfig('ai_url', '');
      await setConfig('imageViewer', '');
      await setConfig('openType', '');
    }
  });

  it('needs a session', async () => {
    const r = await call(t.p.app, 'GET', '/tool/reportConfig', { lang: 'en-US' });
    expect(r.status).toBe(401);
    expect(r.body.success).toBe(false);
  });
});
