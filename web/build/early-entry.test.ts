import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor, IndexHtmlTransformContext } from 'vite';
import { earlyEntry } from './early-entry';

type Hook = (html: string, ctx: IndexHtmlTransformContext) => HtmlTagDescriptor[];

function tagsFor(bundle: Record<string, unknown>): HtmlTagDescriptor[] {
  const plugin = earlyEntry('viewer-early');
  const hook = (plugin.transformIndexHtml as { handler: Hook }).handler;
  return hook('<html></html>', { path: '/index.html', filename: 'index.html', bundle } as IndexHtmlTransformContext);
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
  it('puts the entry chunk’s code first in the head as a classic script, its exports dropped, its names local', () => {
    const tags = tagsFor({
      'assets/index-1.js': chunk('index', 'import"./x.js";'),
      'assets/viewer-early-1.js': chunk(
        'viewer-early',
        'var a=1;f(a);export{a as t};\n//# sourceMappingURL=v.js.map\n',
      ),
    });
    expect(tags).toEqual([{ tag: 'script', children: '(()=>{var a=1;f(a);})();', injectTo: 'head-prepend' }]);
  });

  it('fails the build when the entry is missing (the viewer would silently lose its head start)', () => {
    expect(() => tagsFor({ 'a.js': { ...chunk('viewer-early', ''), isEntry: false } })).toThrow(/viewer-early/);
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
