import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { earlyEntry } from './early-entry';

type Hook = (html: string, ctx: IndexHtmlTransformContext) => string;

const PAGE = '<html><head>\n    <meta charset="UTF-8" />\n    <title>t</title></head></html>';

function tagsFor(bundle: Record<string, unknown>, html = PAGE): string {
  const plugin = earlyEntry('viewer-early');
  const hook = (plugin.transformIndexHtml as { handler: Hook }).handler;
  return hook(html, { path: '/index.html', filename: 'index.html', bundle } as IndexHtmlTransformContext);
}

const chunk = (name: string, code: string, imports: string[] = []) => ({
  type: 'chunk',
  isEntry: true,
  name,
  fileName: `assets/${name}-1.js`,
  code,
  imports,
  dynamicImports: [],
});

describe('earlyEntry (the viewer early script, inline first in the page)', () => {
  it('puts the entry chunk’s code in the head right after the charset as a classic script, its exports dropped, its names local', () => {
    const tags = tagsFor({
      'assets/index-1.js': chunk('index', 'import"./x.js";'),
      'assets/viewer-early-1.js': chunk(
        'viewer-early',
        'var a=1;f(a);export{a as t};\n//# sourceMappingURL=v.js.map\n',
      ),
    });
    expect(tags).toBe(
      '<html><head>\n    <meta charset="UTF-8" />\n    <script>(()=>{var a=1;f(a);})();</script>\n    <title>t</title></head></html>',
    );
  });

  it('fails the build when the entry is missing (the viewer would silently lose its head start)', () => {
    expect(() => tagsFor({ 'a.js': { ...chunk('viewer-early', ''), isEntry: false } })).toThrow(/viewer-early/);
  });

  it('fails the build when the page has no charset to follow', () => {
    expect(() => tagsFor({ 'v.js': chunk('viewer-early', 'f();') }, '<html></html>')).toThrow(/charset/);
  });

  it('fails the build when the entry imports a chunk (inline, it would wait for that request again)', () => {
    expect(() => tagsFor({ 'v.js': chunk('viewer-early', 'import"./s.js";', ['assets/s.js']) })).toThrow(
      /imports assets\/s\.js/,
    );
  });

  it('fails the build when the code would end the inline script early, or is still a module', () => {
    expect(() => tagsFor({ 'v.js': chunk('viewer-early', 'var a="</script>";') })).toThrow(/inlined/);
    expect(() => tagsFor({ 'v.js': chunk('viewer-early', 'var a=import.meta.url;') })).toThrow(/inlined/);
  });
});
