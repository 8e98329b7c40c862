import { describe, expect, it } from 'vitest';
import { policySnippets } from './policy-snippets';

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
