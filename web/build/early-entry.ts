import type { Plugin } from 'vite';

/**
 * Puts the code of the build's entry `name` (an input of its own, see vite.config.ts) inline in the page's
 * head, right after its charset and before anything else, as a classic script: it runs as the parser reaches it, before the browser has queued the app's
 * two dozen script requests, so its own requests are not queued behind them (HTTP/1.1 gives a page six
 * connections; under load that queue and the script's own request cost the viewer's first image 300-700 ms).
 * The server lets it run by its hash (server/src/platform/http/inline-script-csp.ts). The entry must import
 * nothing (an imported chunk would be a request again) and its module's exports (the app loads the same
 * module as a file, a second copy; the two meet on the window) are dropped: the build fails otherwise.
 */
export function earlyEntry(name: string): Plugin {
  return {
    name: 'rx-early-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === name);
        if (!chunk || chunk.type !== 'chunk') throw new Error(`the early entry ${name} is not in the bundle`);
        if (chunk.imports.length || chunk.dynamicImports.length)
          throw new Error(`the early entry ${name} imports ${[...chunk.imports, ...chunk.dynamicImports].join(', ')}`);
        // Right after the charset (which must come within the page's first 1024 bytes), before everything else.
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (!charset) throw new Error('index.html has no <meta charset> to put the early script after');
        const at = charset.index + charset[0].length;
        return `${html.slice(0, at)}\n    <script>${classicScript(name, chunk.code)}</script>${html.slice(at)}`;
      },
    },
  };
}

/** A module chunk with no imports as a classic script: its final export list dropped, its names kept local. */
function classicScript(name: string, code: string): string {
  const body = code
    .trim()
    .replace(/\n\/\/# sourceMappingURL=.*$/, '')
    .trim()
    .replace(/;?\s*export\s*\{[^}]*\};?$/, ';');
  if (/\b(import|export)\b/.test(body) || /<\/script|<!--/i.test(body))
    throw new Error(`the early entry ${name} cannot be inlined as a classic script`);
  return `(()=>{${body}})();`;
}
