import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { useE2e } from '../fixtures/e2e';
import { newPage } from '../fixtures/platform';
import { USERS } from '../fixtures/session';
import { LoginPage } from '../pages/login-page';
import { ShellPage } from '../pages/shell-page';
import { freePort } from '../support/ports';

const e2e = useE2e();

/** What the init script keeps in the page: each attempt at the agent's socket, settled once it closes. */
interface Probe {
  agentAttempts: Promise<unknown>[];
}

/**
 * A page without the extension whose agent address is a closed port, its clock in the test's hands
 * (Playwright's clock). Attempts are counted in the page: Chromium delays a socket after repeated refusals
 * (its WebSocket throttle), so its `websocket` events can come after the page's clock has moved on.
 */
class AgentlessPage {
  readonly messages: ConsoleMessage[] = [];
  readonly eventsUrl: string;

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly port: number,
  ) {
    this.eventsUrl = `ws://127.0.0.1:${port}/events`;
    page.on('console', (m) => this.messages.push(m));
  }

  static async open(): Promise<AgentlessPage> {
    const port = await freePort();
    const { context, page } = await newPage(e2e.browser);
    await context.addInitScript(
      ({ agentUrl, eventsUrl }) => {
        localStorage.setItem('rxpacs.agentUrl', agentUrl);
        const probe = window as unknown as Probe;
        probe.agentAttempts = [];
        const Native = window.WebSocket;
        window.WebSocket = class extends Native {
          constructor(address: string | URL, protocols?: string | string[]) {
            super(address, protocols);
            if (String(address) === eventsUrl)
              probe.agentAttempts.push(new Promise((r) => this.addEventListener('close', r)));
          }
        };
      },
      { agentUrl: `http://127.0.0.1:${port}`, eventsUrl: `ws://127.0.0.1:${port}/events` },
    );
    await page.clock.install();
    return new AgentlessPage(context, page, port);
  }

  /** Attempts on the page now (none before the app's first page is loaded). */
  attempts(): Promise<number> {
    return this.page.evaluate(() => (window as Partial<Probe>).agentAttempts?.length ?? 0);
  }

  /** Every attempt so far has been refused (or closed). */
  async settled(): Promise<void> {
    await this.page.evaluate(() => Promise.all((window as unknown as Probe).agentAttempts));
  }

  /** Runs `cause` and waits for the attempt it should make, without moving the page's clock. */
  async attemptOn(cause: () => Promise<unknown>): Promise<void> {
    const n = await this.attempts();
    await cause();
    await this.page.waitForFunction((k) => ((window as Partial<Probe>).agentAttempts?.length ?? 0) > k, n);
  }

  /** Stops the page's clock where it is: from now on only `advance` moves it. */
  async pause(): Promise<void> {
    await this.page.clock.pauseAt((await this.page.evaluate(() => Date.now())) + 1_000);
  }

  /** Moves the page's clock second by second; each attempt is refused before the clock goes on. */
  async advance(seconds: number): Promise<void> {
    for (let i = 0; i < seconds; i++) {
      await this.page.clock.runFor(1_000);
      await this.settled();
    }
  }

  /** Console errors and warnings: Chromium's own line for each refused attempt, and any others. */
  consoleErrors(): { refusals: number; others: string[] } {
    const refused = `WebSocket connection to '${this.eventsUrl}' failed`;
    const errors = this.messages.filter((m) => ['error', 'warning'].includes(m.type())).map((m) => m.text());
    return {
      refusals: errors.filter((t) => t.startsWith(refused)).length,
      others: errors.filter((t) => !t.startsWith(refused)),
    };
  }

  async setHidden(hidden: boolean): Promise<void> {
    await this.page.evaluate((h) => {
      Object.defineProperty(document, 'hidden', { value: h, configurable: true });
      Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  }
}

describe('the agent socket of a page without the extension', () => {
  it('backs off to once a minute when no agent answers, adding no console message of its own', async () => {
    const p = await AgentlessPage.open();
    try {
      await p.attemptOn(() => new LoginPage(p.page, e2e.platform.appUrl).open());
      await p.pause();
      await p.advance(10 * 60);
      // 2, 4, 8, 16, 32 s, then about once a minute (every 5 s made 121)
      const attempts = await p.attempts();
      expect(attempts).toBeGreaterThanOrEqual(12);
      expect(attempts).toBeLessThanOrEqual(17);
      // Chromium's own line per refused attempt is all the console shows
      expect(p.consoleErrors()).toEqual({ refusals: attempts, others: [] });
    } finally {
      await p.context.close();
    }
  });

  it('tries at once when the page becomes visible or the browser goes online, not while hidden', async () => {
    const p = await AgentlessPage.open();
    try {
      await p.attemptOn(() => new LoginPage(p.page, e2e.platform.appUrl).open());
      await p.pause();
      await p.advance(3 * 60);
      await p.attemptOn(() => p.setHidden(false));
      await p.settled();
      await p.attemptOn(() => p.page.evaluate(() => window.dispatchEvent(new Event('online'))));
      await p.settled();

      await p.setHidden(true);
      const n = await p.attempts();
      await p.advance(5 * 60);
      expect(await p.attempts()).toBe(n);
      await p.attemptOn(() => p.setHidden(false));
    } finally {
      await p.context.close();
    }
  });

  it('tries at once when the user clicks the bridge status, and soon again after the agent drops it', async () => {
    const p = await AgentlessPage.open();
    let connections = 0;
    try {
      const login = new LoginPage(p.page, e2e.platform.appUrl);
      await login.open();
      await login.signIn(...USERS.doctor);
      await new ShellPage(p.page).waitReady();
      const status = (sel: string) => p.page.locator(`[data-testid=bridge-status]${sel}`).waitFor();
      await status('[data-path=protocol]');
      await p.pause();
      await p.advance(2 * 60);

      const agent = new WebSocketServer({ host: '127.0.0.1', port: p.port, path: '/events' });
      agent.on('connection', (ws) => {
        connections++;
        ws.send(JSON.stringify({ type: 'hello', keys: [] }));
      });
      try {
        await p.attemptOn(() => p.page.getByTestId('bridge-status').click());
        await status('[data-path=agent][data-agent-up=true]');
        expect(connections).toBe(1);
        // the agent restarts: the page is back after the first, short delay
        for (const c of agent.clients) c.terminate();
        await status('[data-agent-up=false]');
        await p.attemptOn(() => p.page.clock.runFor(2_000));
        await status('[data-agent-up=true]');
        expect(connections).toBe(2);
      } finally {
        for (const c of agent.clients) c.terminate();
        await new Promise((r) => agent.close(r));
      }
    } finally {
      await p.context.close();
    }
  });
});
