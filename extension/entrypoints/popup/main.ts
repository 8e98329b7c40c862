import { browser } from 'wxt/browser';
import { PrinterListSchema } from '@shared/agent/api';
import { fetchAgent } from '@shared/protocol/agent-call';
import { INITIAL_AGENT_STATE, type BridgeAgentState } from '@shared/protocol/bridge-state';
import { STATE_KEY } from '../../lib/background-core';
import { el, msg } from '../../lib/dom';
import { loadSettings } from '../../lib/settings';

/** Popup: agent status, keys present, printers, versions. */
async function render(): Promise<void> {
  const settings = await loadSettings(browser.storage);
  const state =
    ((await browser.storage.session.get(STATE_KEY))[STATE_KEY] as BridgeAgentState | undefined) ?? INITIAL_AGENT_STATE;
  const printers = state.agentUp
    ? await fetchAgent({ method: 'GET', path: '/printers' }, { baseUrl: settings.agentUrl, timeoutMs: 5_000 })
        .then((d) => PrinterListSchema.parse(d))
        .catch(() => [])
    : [];
  const dl = document.getElementById('status')!;
  dl.replaceChildren(
    el('dt', {}, msg('agent')),
    el(
      'dd',
      { class: state.agentUp ? 'up' : 'down', 'data-testid': 'popup-agent' },
      `${state.agentUp ? msg('agentUp') : msg('agentDown')} · ${settings.agentUrl}`,
    ),
    el('dt', {}, msg('keys')),
    el('dd', { 'data-testid': 'popup-keys' }, state.keys.map((k) => k.label).join(', ') || msg('noKey')),
    el('dt', {}, msg('printers')),
    el(
      'dd',
      { 'data-testid': 'popup-printers' },
      printers.map((p) => (p.default ? `${p.name} (${msg('defaultMark')})` : p.name)).join(', ') || msg('noPrinters'),
    ),
    el('dt', {}, msg('version')),
    el(
      'dd',
      { 'data-testid': 'popup-version' },
      [
        msg('extensionVersion', browser.runtime.getManifest().version),
        state.agentVersion ? msg('agentVersion', state.agentVersion) : '',
      ]
        .filter(Boolean)
        .join(' · '),
    ),
  );
}

const options = document.getElementById('options')!;
options.textContent = msg('openOptions');
options.addEventListener('click', () => void browser.runtime.openOptionsPage());
void render();
