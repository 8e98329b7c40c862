import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
vi.stubGlobal('document', { documentElement: {} });

// The other screens' zh-CN texts: the first download fails (a dropped connection), the next one arrives.
const downloads = vi.hoisted(() => ({ other: 0 }));
vi.mock('@web/locales/texts-zh-CN', async (original) => {
  downloads.other++;
  if (downloads.other === 1) throw new Error('chunk download failed');
  return original();
});

const { i18n, i18nReady, allTexts } = await import('./i18n');
const namespaces = readdirSync(path.join(__dirname, '../locales/zh-CN')).map((f) => f.replace(/\.json$/, ''));

describe('texts in two chunks', () => {
  it('renders the sign-in page on its own namespaces; every route gets the rest, asked again after a failure', async () => {
    await i18nReady;
    const loaded = () => namespaces.filter((ns) => i18n.hasResourceBundle('zh-CN', ns)).sort();
    expect(loaded()).toEqual(['auth', 'common', 'shell', 'wechat']);

    await expect(allTexts()).rejects.toThrow(); // vitest wraps the factory's error
    expect(loaded()).toEqual(['auth', 'common', 'shell', 'wechat']);

    await allTexts();
    expect(loaded()).toEqual([...namespaces].sort());
    await allTexts(); // loaded once: no third download
    expect(downloads.other).toBe(2);
  });
});
