import { describe, expect, it } from 'vitest';
import { compareVersions, configValueSchema } from './config-kinds';

describe('release numbers', () => {
  it('compare part by part, numerically, a missing part being 0', () => {
    expect(compareVersions('0.1.0', '0.2.0')).toBeLessThan(0);
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('1.4', '1.4.0')).toBe(0);
    expect(compareVersions('2', '1.99.99')).toBeGreaterThan(0);
  });

  it('a version setting takes 1 to 3 numbers or nothing', () => {
    const schema = configValueSchema({ kind: 'version' });
    for (const ok of ['', '1', '1.2', '1.2.3', ' 0.2.0 ']) expect(schema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['v1', '1.2.3.4', '1..2', 'latest', '1.2.x'])
      expect(schema.safeParse(bad).success, bad).toBe(false);
  });
});
