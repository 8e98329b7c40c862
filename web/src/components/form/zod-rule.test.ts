import { describe, expect, it } from 'vitest';
import { DeviceSaveSchema } from '@shared/schemas/admin-org';
import { UserSaveSchema } from '@shared/schemas/admin-user';
import { zodRule } from './zod-rule';

const run = (schema: Parameters<typeof zodRule>[0], v: unknown, opts?: Parameters<typeof zodRule>[2]) =>
  (zodRule(schema, 'bad', opts) as { validator: (r: unknown, v: unknown) => Promise<void> }).validator({}, v);
const s = DeviceSaveSchema.shape;

describe('zodRule with the device schema', () => {
  it.each(['A'.repeat(17), 'AE\\X', 'AE\u0001', '    ', 'CT室', ''])('refuses the AE title %j', async (aet) => {
    await expect(run(s.aet, aet)).rejects.toThrow('bad');
  });
  it.each(['ORTHANC', ' CT 1 ', 'A'.repeat(16)])('accepts the AE title %j', async (aet) => {
    await expect(run(s.aet, aet)).resolves.toBeUndefined();
  });
  it.each(['10.0.0.256', 'bad_host', '-a.b', ''])('refuses the address %j', async (ip) => {
    await expect(run(s.ip, ip)).rejects.toThrow();
  });
  it.each(['127.0.0.1', '::1', 'pacs-01.example.org', 'localhost'])('accepts the address %j', async (ip) => {
    await expect(run(s.ip, ip)).resolves.toBeUndefined();
  });
  it.each([0, 65536, 1.5])('refuses the port %j', async (port) => {
    await expect(run(s.port, port)).rejects.toThrow();
  });
});

describe('zodRule with skipEmpty', () => {
  const username = UserSaveSchema.shape.username;
  it.each([undefined, ''])('lets the empty value %j pass (the required rule speaks)', async (v) => {
    await expect(run(username, v, { skipEmpty: true })).resolves.toBeUndefined();
    await expect(run(username, v)).rejects.toThrow('bad');
  });
  it('still checks a filled value', async () => {
    await expect(run(username, 'a b', { skipEmpty: true })).rejects.toThrow('bad');
    await expect(run(username, 'doctor', { skipEmpty: true })).resolves.toBeUndefined();
  });
});
