import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addMessages, isMessageKey, localeOf, translate } from './i18n';

describe('localeOf', () => {
  it('defaults to zh-CN and picks en-US for English callers', () => {
    expect(localeOf(undefined)).toBe('zh-CN');
    expect(localeOf('')).toBe('zh-CN');
    expect(localeOf('zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(localeOf('en-US,en;q=0.9')).toBe('en-US');
    expect(localeOf('en')).toBe('en-US');
    expect(localeOf('fr-FR')).toBe('zh-CN');
  });
  it('fills parameters', () => {
    expect(translate('en-US', 'importOk', { imported: 8, inserted: 5, updated: 2, unchanged: 1 })).toBe(
      'Imported 8: 5 added, 2 changed, 1 unchanged',
    );
    expect(translate('zh-CN', 'tooDeep', { max: 32 })).toContain('32');
  });
});

describe('the catalog', () => {
  it("takes a module's messages, and refuses a key defined twice", () => {
    const key = 'zzI18nTestOnly';
    expect(isMessageKey(key)).toBe(false);
    addMessages({ 'zh-CN': { [key]: '测试 {{n}}' }, 'en-US': { [key]: 'test {{n}}' } });
    expect(isMessageKey(key)).toBe(true);
    expect(translate('en-US', key as never, { n: 1 })).toBe('test 1');
    expect(() => addMessages({ 'zh-CN': { [key]: 'x' }, 'en-US': { [key]: 'x' } })).toThrow('defined twice');
    expect(() => addMessages({ 'zh-CN': { validation: 'x' }, 'en-US': { validation: 'x' } })).toThrow('defined twice');
  });

  it('every module with messages loads them from its entry, so they are there whenever it is', () => {
    const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../modules');
    const withMessages = readdirSync(modules).filter((m) => existsSync(path.join(modules, m, 'messages.ts')));
    expect(withMessages.length).toBeGreaterThan(20);
    for (const m of withMessages) {
      expect(readFileSync(path.join(modules, m, 'index.ts'), 'utf8'), m).toMatch(/^import '\.\/messages';$/m);
    }
  });
});
