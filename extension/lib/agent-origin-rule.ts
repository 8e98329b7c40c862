import type { browser } from 'wxt/browser';

export const AGENT_ORIGIN_RULE_ID = 1;

type Dnr = Pick<(typeof browser)['declarativeNetRequest'], 'updateSessionRules'>;

/**
 * Chrome leaves the Origin header off GET requests an extension makes to a host it has access to (and
 * the content script's loopback matches give it that access), so the agent could not tell our GETs from
 * a web page's <img> request, which it must refuse. This session rule puts our own origin on the
 * extension's requests to the agent, and only on those (initiator: this extension).
 */
export async function ensureAgentOriginRule(dnr: Dnr, extensionId: string, agentUrl: string): Promise<void> {
  await dnr.updateSessionRules({
    removeRuleIds: [AGENT_ORIGIN_RULE_ID],
    addRules: [
      {
        id: AGENT_ORIGIN_RULE_ID,
        priority: 1,
        action: {
          type: 'modifyHeaders',
          requestHeaders: [{ header: 'origin', operation: 'set', value: `chrome-extension://${extensionId}` }],
        },
        condition: {
          urlFilter: `|${new URL(agentUrl).origin}/`,
          initiatorDomains: [extensionId],
          resourceTypes: ['xmlhttprequest'],
        },
      },
    ] as never, // the rule literal's enum fields are string unions in WXT's types
  });
}
