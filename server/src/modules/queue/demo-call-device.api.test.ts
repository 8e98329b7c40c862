import { describe, expect, it } from 'vitest';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { seedDemoCallDevice } from './demo-call-device';

const t = useTestPlatform({ users: ['register', 'hadmin'] });

describe('the demo call screen', () => {
  it("gives H001's desk its rooms and the administrator a keyless screen to issue a key for", async () => {
    await seedDemoCallDevice(t.p.deps);
    const rooms = await call(t.p.app, 'POST', '/device/queryCallList', { token: t.token('register'), json: {} });
    expect(rooms.status).toBe(200);
    const names = (rooms.body as { data: { room_name: string }[] }).data.map((r) => r.room_name);
    expect(names).toEqual(expect.arrayContaining(['CT1', 'CT2', 'DR1', 'DR2', 'MR1', 'US1', 'US2']));
    const devices = await call(t.p.app, 'POST', '/device/callList', { token: t.token('hadmin'), json: {} });
    expect(devices.status).toBe(200);
    const list = (devices.body as { data: { name: string }[] | { list: { name: string }[] } }).data;
    const rows = Array.isArray(list) ? list : list.list;
    expect(rows.map((d) => d.name)).toContain('候诊大厅');
  });
});
