import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { startContentRelay } from '../lib/content-relay';

/**
 * Loopback pages at any port out of the box (match patterns carry no port); hospital origins are
 * registered at run time (lib/content-scripts.ts). Top frame only.
 */
export default defineContentScript({
  matches: ['http://localhost/*', 'http://127.0.0.1/*'],
  runAt: 'document_start',
  allFrames: false,
  main() {
    startContentRelay(window, browser.runtime, browser.runtime.getManifest().version);
  },
});
