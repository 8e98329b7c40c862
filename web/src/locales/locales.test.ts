import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from './resources';
import enStart from './start-en-US';
import zhStart from './start-zh-CN';
import enOther from './texts-en-US';
import zhOther from './texts-zh-CN';

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

  it('loads every namespace file in exactly one of the two chunks of its language', () => {
    for (const [lang, start, other] of [
      ['zh-CN', zhStart, zhOther],
      ['en-US', enStart, enOther],
    ] as const) {
      const files = readdirSync(path.join(__dirname, lang)).map((f) => f.replace(/\.json$/, ''));
      const loaded = [...Object.keys(start), ...Object.keys(other)];
      expect(loaded.sort(), lang).toEqual(files.sort());
      expect(Object.keys(start).sort(), lang).toEqual(['auth', 'common', 'shell', 'wechat']);
    }
  });
});
