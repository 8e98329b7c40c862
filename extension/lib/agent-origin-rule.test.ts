import { describe, expect, it, vi } from 'vitest';
import { ensureAgentOriginRule } from './agent-origin-rule';

describe('ensureAgentOriginRule', () => {
  it('replaces the one rule: our origin on our own requests to the agent only', async () => {
    const updateSessionRules = vi.fn(async () => undefined);
    await ensureAgentOriginRule({ updateSessionRules }, 'abcdefghijklmnopabcdefghijklmnop', 'http://127.0.0.1:17380');
    expect(updateSessionRules).toHaveBeenCalledWith({
      removeRuleIds: [1],
      addRules: [
        {
          id: 1,
          priority: 1,
          action: {
            type: 'modifyHeaders',
            requestHeaders: [
              { header: 'origin', operation: 'set', value: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' },
            ],
          },
          condition: {
            urlFilter: '|http://127.0.0.1:17380/',
            initiatorDomains: ['abcdefghijklmnopabcdefghijklmnop'],
            resourceTypes: ['xmlhttprequest'],
          },
        },
      ],
    });
  });
});
