import path from 'node:path';
import { defineConfig } from 'wxt';

/**
 * The browser extension (MV3). `npm run build:extension` writes .output/chrome-mv3 (load unpacked) and
 * .output/firefox-mv3;
 * `npm run zip:extension` packages it. Permissions are the minimum: storage (settings, state across
 * worker restarts), alarms (wake the worker to reconnect), scripting (content script on hospital
 * origins the administrator allowed), declarativeNetRequestWithHostAccess (our Origin header on GETs
 * to the agent, see lib/agent-origin-rule.ts; no install warning); hosts: the loopback agent and pages,
 * others only on request.
 */
/** The Firefox build's add-on id (Firefox has no key-derived id): what policies and the agent name it by. */
export const FIREFOX_ADDON_ID = 'bridge@rxpacs.org';

export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  publicDir: 'extension/public',
  imports: false,
  manifestVersion: 3,
  alias: { '@shared': path.resolve('shared/src') },
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'zh_CN',
    minimum_chrome_version: '116',
    permissions: ['storage', 'alarms', 'scripting', 'declarativeNetRequestWithHostAccess'],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    storage: { managed_schema: 'managed-schema.json' },
    action: { default_title: '__MSG_extName__' },
    // Firefox (`wxt build -b firefox`): an add-on id is required from MV3 on, and the data it collects (none).
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: FIREFOX_ADDON_ID,
              strict_min_version: '140.0',
              data_collection_permissions: { required: ['none'] },
            },
          },
        }
      : {}),
  }),
});
