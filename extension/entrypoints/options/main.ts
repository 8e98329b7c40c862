import { browser } from 'wxt/browser';
import { el, msg } from '../../lib/dom';
import { normalizeAgentUrl, normalizeOrigin, originPattern } from '../../lib/origins';
import { loadSettings, StoredSettingsSchema } from '../../lib/settings';

/** Options: the agent address and the platform origins (each asks for its optional host permission). */
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const agentInput = $<HTMLInputElement>('agent-url');
const originInput = $<HTMLInputElement>('origin');
const feedback = $<HTMLParagraphElement>('feedback');

const say = (text: string, error = false) => {
  feedback.textContent = text;
  feedback.className = error ? 'error' : '';
};

async function localOrigins(): Promise<string[]> {
  const r = StoredSettingsSchema.safeParse(await browser.storage.local.get(['agentUrl', 'origins']));
  return r.success ? (r.data.origins ?? []) : [];
}

async function render(): Promise<void> {
  const s = await loadSettings(browser.storage);
  agentInput.value = s.agentUrl;
  agentInput.disabled = !!s.managed.agentUrl;
  $('save-agent').toggleAttribute('disabled', !!s.managed.agentUrl);
  const own = await localOrigins();
  const items = await Promise.all(
    s.origins.map(async (o) => {
      const granted = await browser.permissions.contains({ origins: [originPattern(o)] });
      const li = el('li', { 'data-origin': o }, o, ' ');
      if (s.managed.origins.includes(o)) li.append(el('em', {}, msg('managed')), ' ');
      if (!granted) {
        const grant = el('button', { type: 'button' }, msg('permissionMissing'));
        grant.addEventListener(
          'click',
          () => void browser.permissions.request({ origins: [originPattern(o)] }).then(render),
        );
        li.append(grant, ' ');
      }
      if (own.includes(o)) {
        const remove = el('button', { type: 'button' }, msg('remove'));
        remove.addEventListener('click', () => void removeOrigin(o));
        li.append(remove);
      }
      return li;
    }),
  );
  $('origins').replaceChildren(...items);
}

async function removeOrigin(origin: string): Promise<void> {
  await browser.storage.local.set({ origins: (await localOrigins()).filter((o) => o !== origin) });
  await render();
}

$('save-agent').addEventListener('click', () => {
  const url = normalizeAgentUrl(agentInput.value);
  if (!url) return say(msg('badAgentUrl'), true);
  void browser.storage.local.set({ agentUrl: url }).then(() => say(msg('saved')));
});

$('add-origin').addEventListener('click', () => {
  const origin = normalizeOrigin(originInput.value);
  if (!origin) return say(msg('badOrigin'), true);
  // The permission prompt must open inside the click, before anything is awaited.
  void browser.permissions.request({ origins: [originPattern(origin)] }).then(async (granted) => {
    if (!granted) return say(msg('permissionDenied'), true);
    const own = await localOrigins();
    if (!own.includes(origin)) await browser.storage.local.set({ origins: [...own, origin] });
    originInput.value = '';
    say(msg('saved'));
    await render();
  });
});

document.title = msg('optionsTitle');
$('title').textContent = msg('optionsTitle');
$('agent-label').textContent = msg('agentAddress');
$('agent-help').textContent = msg('agentUrlHelp');
$('origins-label').textContent = msg('origins');
$('origins-help').textContent = msg('originsHelp');
$('save-agent').textContent = msg('save');
$('add-origin').textContent = msg('add');
// The agent's allowedExtensionIds needs this id: shown so the installer can copy it.
$('extension-id').textContent = msg('extensionId', browser.runtime.id);
void render();
