import { describe, expect, it } from 'vitest';
import { installCommands, policySnippets } from './policy-snippets';

const origin = 'https://pacs.example.org';

describe('policySnippets', () => {
  it('names the published extension in the force-install entry, its policy settings and the agent config', () => {
    const id = 'abcdefghijklmnopabcdefghijklmnop';
    const s = policySnippets(origin, id);
    expect(JSON.parse(s.chrome)).toEqual({
      ExtensionInstallForcelist: [`${id};${origin}/downloads/updates.xml`],
      '3rdparty': { extensions: { [id]: { agentUrl: 'http://127.0.0.1:17380', origins: [origin] } } },
    });
    expect(JSON.parse(s.agent)).toEqual({ allowedOrigins: [origin], allowedExtensionIds: [id] });
  });

  it('shows a placeholder while no update manifest is published', () => {
    const s = policySnippets(origin);
    expect(JSON.parse(s.chrome).ExtensionInstallForcelist).toEqual([`<extension id>;${origin}/downloads/updates.xml`]);
    expect(JSON.parse(s.agent).allowedExtensionIds).toEqual(['<extension id>']);
  });
});

describe('installCommands', () => {
  it('names the newest published agent packages, placeholders while none is', () => {
    const files = [
      { name: 'rxpacs-agent_0.1.0_amd64.deb', modified: '2026-11-01T00:00:00Z' },
      { name: 'rxpacs-agent_0.2.0_amd64.deb', modified: '2026-11-20T00:00:00Z' },
      { name: 'rxpacs-agent-0.2.0-win32-x64.zip', modified: '2026-11-20T00:00:00Z' },
      { name: 'notes.txt', modified: '2026-11-28T00:00:00Z' },
    ];
    const c = installCommands(files);
    expect(c.linux).toContain('sudo apt install ./rxpacs-agent_0.2.0_amd64.deb');
    expect(c.windows).toContain('Expand-Archive rxpacs-agent-0.2.0-win32-x64.zip');
    expect(installCommands([]).linux).toContain('./rxpacs-agent_<version>_amd64.deb');
  });
});
