import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { ensureAgentOriginRule } from '../lib/agent-origin-rule';
import { createBackground } from '../lib/background-core';
import { syncContentScripts } from '../lib/content-scripts';

/** Wakes a stopped worker, which then reconnects to the agent (alarms fire at most every 30 s). */
const KEEPALIVE_ALARM = 'rxpacs-keepalive';

export default defineBackground(() => {
  const bg = createBackground({
    browser,
    version: browser.runtime.getManifest().version,
    onAgentUrl: (url) => ensureAgentOriginRule(browser.declarativeNetRequest, browser.runtime.id, url),
  });
  const sync = async () => {
    const { origins } = await bg.settings();
    await syncContentScripts(browser, origins).catch(() => undefined);
  };

  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    void bg.handleMessage(message, sender).then((r) => sendResponse(r ?? undefined));
    return true; // answer asynchronously
  });
  browser.storage.onChanged.addListener((_changes, area) => {
    if (area === 'local' || area === 'managed') void bg.reloadSettings().then(sync);
  });
  browser.permissions.onAdded.addListener(() => void sync());
  browser.permissions.onRemoved.addListener(() => void sync());
  void browser.alarms.create(KEEPALIVE_ALARM, { periodInMinutes: 0.5 });
  browser.alarms.onAlarm.addListener(() => void bg.ensureConnected());

  void bg.start().then(sync);
});
