import { describe, expect, it } from 'vitest';
import type { HtmlTagDescriptor, IndexHtmlTransformContext, ResolvedConfig } from 'vite';
import { earlyEntry } from './early-entry';

type Hook = (html: string, ctx: IndexHtmlTransformContext) => HtmlTagDescriptor[];

function tagsFor(bundle: Record<string, unknown>): HtmlTagDescriptor[] {
  const plugin = earlyEntry('viewer-early');
  (plugin.configResolved as (c: Partial<ResolvedConfig>) => void)({ base: '/rxpacs/' });
  const hook = (plugin.transformIndexHtml as { handler: Hook }).handler;
  return hook('<html></html>', { path: '/index.html', filename: 'index.html', bundle } as IndexHtmlTransformContext);
}

describe('earlyEntry (the viewer early script, first in the page)', () => {
  it('puts the entry chunk first in the head as an async module under the base', () => {
    const tags = tagsFor({
      'assets/index-1.js': { type: 'chunk', isEntry: true, name: 'index', fileName: 'assets/index-1.js' },
      'assets/viewer-early-2.js': {
        type: 'chunk',
        isEntry: true,
        name: 'viewer-early',
        fileName: 'assets/viewer-early-2.js',
      },
    });
    expect(tags).toEqual([
      {
        tag: 'script',
        attrs: { type: 'module', async: true, crossorigin: true, src: '/rxpacs/assets/viewer-early-2.js' },
        injectTo: 'head-prepend',
      },
    ]);
  });

  it('fails the build when the entry is missing (the viewer would silently lose its head start)', () => {
    expect(() =>
      tagsFor({ 'a.js': { type: 'chunk', isEntry: false, name: 'viewer-early', fileName: 'a.js' } }),
    ).toThrow(/viewer-early/);
  });
});
