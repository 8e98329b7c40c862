import { describe, expect, it } from 'vitest';
import { resources } from './resources';

function keysOf(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  it('zh-CN and en-US have the same keys in every namespace', () => {
    const zh = resources['zh-CN'];
    const en = resources['en-US'];
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    for (const ns of Object.keys(zh) as (keyof typeof zh)[]) {
      expect(keysOf(en[ns]).sort(), ns).toEqual(keysOf(zh[ns]).sort());
    }
  });

  it('has no empty texts', () => {
    for (const [locale, namespaces] of Object.entries(resources)) {
      for (const [ns, texts] of Object.entries(namespaces)) {
        const flat = keysOf(texts).map((k) => k.split('.').reduce<unknown>((o, p) => (o as never)[p], texts));
        expect(
          flat.every((v) => typeof v === 'string' && v.trim().length > 0),
          `${locale}/${ns}`,
        ).toBe(true);
      }
    }
  });
});
