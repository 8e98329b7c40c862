import path from 'node:path';
import { defineConfig } from 'wxt';

/**
 * The browser extension (MV3). `npm run build:extension` writes .output/chrome-mv3 (load unpacked);
 * `npm run zip:extension` packages it. Permissions are the minimum: storage (settings, state across
 * worker restarts), alarms (wake the worker to reconnect), scripting (content script on hospital
 * origins the administrator allowed), declarativeNetRequestWithHostAccess (our Origin header on GETs
 * to the agent, see lib/agent-origin-rule.ts; no install warning); hosts: the loopback agent and pages,
 * others only on request.
 */
export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  publicDir: 'extension/public',
  imports: false,
  manifestVersion: 3,
  alias: { '@shared': path.resolve('shared/src') },
  manifest: {
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'zh_CN',
    minimum_chrome_version: '116',
    permissions: ['storage', 'alarms', 'scripting', 'declarativeNetRequestWithHostAccess'],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    storage: { managed_schema: 'managed-schema.json' },
    action: { default_title: '__MSG_extName__' },
  },
});
