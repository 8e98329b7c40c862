import type { Plugin } from 'vite';

/**
 * Puts the script of the build's entry `name` (an input of its own, see vite.config.ts) first in the
 * page's head, before the app's, async. Vite folds every module script of index.html into one entry, which would
 * make the early script wait until the app's whole static graph has loaded. The app imports the same
 * module too (one instance: the browser loads its chunk once), which is also how it runs in dev.
 */
export function earlyEntry(name: string): Plugin {
  let base = '/';
  return {
    name: 'rx-early-entry',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === name);
        if (!chunk) throw new Error(`the early entry ${name} is not in the bundle`);
        return [
          {
            tag: 'script',
            // async: it runs once loaded, without waiting for the app's style sheet (a deferred script would).
            attrs: { type: 'module', async: true, crossorigin: true, src: `${base}${chunk.fileName}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
