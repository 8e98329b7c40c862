import { describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';

/** What the web app needs of the workstation bridge: set by the super administrator, read by any session. */
const t = useTestPlatform({ users: ['doctor', 'admin'] });

const update = (name: string, value: string) =>
  call(t.p.app, 'POST', '/config/update', { token: t.token('admin'), json: { name, value }, lang: 'en-US' });
const requirements = async () =>
  (await call(t.p.app, 'GET', '/tool/bridgeRequirements', { token: t.token('doctor') })).body.data;

describe('GET /tool/bridgeRequirements', () => {
  it('answers nothing required by default, then what the settings say', async () => {
    expect(await requirements()).toEqual({ agent_min_version: '', extension_min_version: '', download_url: '' });
    expect((await update('agent_min_version', ' 0.2.0 ')).status).toBe(200);
    expect((await update('extension_min_version', '1.4')).status).toBe(200);
    expect((await update('bridge_download_url', 'https://pacs.hospital.example/downloads')).status).toBe(200);
    expect(await requirements()).toEqual({
      agent_min_version: '0.2.0',
      extension_min_version: '1.4',
      download_url: 'https://pacs.hospital.example/downloads',
    });
  });

  it('refuses a minimum that is no version, naming what is allowed, and keeps the one before', async () => {
    for (const bad of ['latest', '1.2.3.4', 'v1', '1..2']) {
      const r = await update('agent_min_version', bad);
      expect(r.status, bad).toBe(400);
      expect(r.body.errors).toEqual([
        expect.objectContaining({ field: 'value', msg: expect.stringContaining('1.2.3') }),
      ]);
    }
    expect(await requirements()).toMatchObject({ agent_min_version: '0.2.0' });
  });
});
