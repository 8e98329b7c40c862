import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/core/logger';
import { PdfFailed, PdfRenderer, PdfUnavailable, type PdfJob } from './renderer';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const job: PdfJob = {
  study_iuid: '1.2.3',
  rpt_pk: 7,
  emergency: false,
  token: 'secret-token',
  expiresAt: new Date(Date.now() + 60_000),
  locale: 'en-US',
};

/** A stand-in for the web app: the print page as plain HTML, whose body the test chooses. */
const page = (body: string) => async () =>
  new Response(`<!doctype html><html><body>${body}</body></html>`, { headers: { 'content-type': 'text/html' } });

// The page reads the session the renderer put into sessionStorage and shows what it found.
const READY_WITH_SESSION = `<div data-testid="print-root" data-ready="true" id="r"></div><script>
  const s = JSON.parse(sessionStorage.getItem('rxpacs.session') || '{}');
  document.getElementById('r').textContent =
    'token=' + (s.state && s.state.token) + ' lang=' + localStorage.getItem('rxpacs.locale') + ' ' + location.hash;
</script>`;

// As READY_WITH_SESSION, and it shows what an earlier job could have left behind, then leaves some of its own.
const READY_LEAVING_TRACES = `<div data-testid="print-root" data-ready="true" id="r"></div><script>
  const s = JSON.parse(sessionStorage.getItem('rxpacs.session') || '{}');
  document.getElementById('r').textContent = 'token=' + (s.state && s.state.token) + ' lang=' +
    localStorage.getItem('rxpacs.locale') + ' left=' + localStorage.getItem('left') + ',' +
    sessionStorage.getItem('left') + ',' + (window.name || 'none');
  localStorage.setItem('left', 'local');
  sessionStorage.setItem('left', 'session');
  window.name = 'named';
</script>`;

const textOf = (pdf: Buffer) => execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');

let renderer: PdfRenderer | undefined;
afterEach(async () => {
  await renderer?.close();
  renderer = undefined;
});

const make = (
  fetch: () => Promise<Response>,
  o: { timeoutMs?: number; executablePath?: string; idleMs?: number } = {},
) =>
  (renderer = new PdfRenderer({
    executablePath: o.executablePath ?? CHROMIUM,
    fetch,
    log: createLogger('silent'),
    timeoutMs: o.timeoutMs,
    idleMs: o.idleMs,
  }));

describe('PdfRenderer', () => {
  it('renders the print page as the caller: session and language in storage, report in the address', async () => {
    expect(existsSync(CHROMIUM)).toBe(true);
    const pdf = await make(page(READY_WITH_SESSION)).render({ ...job, emergency: true });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8');
    expect(text).toContain('token=secret-token lang=en-US #/rptPrint?study_iuid=1.2.3&rpt_pk=7&isJz=1');
  }, 60_000);

  it('runs every Chromium thread at SCHED_IDLE, in a group of the lowest weight (Linux): a render never takes CPU a request is waiting for', async () => {
    await make(page(READY_WITH_SESSION)).render(job);
    // Processes and threads come and go while they are listed: a vanished one reads as undefined.
    const read = (file: string) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    };
    const fields = (file: string) =>
      read(file)
        ?.replace(/^.*\) /s, '')
        .split(' '); // [n - 3]: field n of proc(5)
    const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
    const parentOf = new Map(pids.map((p) => [p, fields(`/proc/${p}/stat`)?.[1]]));
    const mine = (p: string): boolean => {
      for (let q = parentOf.get(p); q && q !== '0'; q = parentOf.get(q)) if (q === String(process.pid)) return true;
      return false;
    };
    const chromium = pids.filter((p) => read(`/proc/${p}/comm`)?.trim() === 'chromium' && mine(p));
    expect(chromium.length).toBeGreaterThan(1); // the browser and its helpers
    const policies = chromium.flatMap((p) =>
      (existsSync(`/proc/${p}/task`) ? readdirSync(`/proc/${p}/task`) : []).map(
        (t) => fields(`/proc/${p}/task/${t}/stat`)?.[38],
      ),
    ); // field 41: the scheduling policy
    const SCHED_IDLE = '5';
    expect(policies.filter(Boolean).length).toBeGreaterThan(chromium.length);
    expect(new Set(policies.filter(Boolean))).toEqual(new Set([SCHED_IDLE]));
    // Chromium runs in a session of its own: with autogroup scheduling that session is a group weighed
    // against the server's as an equal unless its own nice is the lowest (the idle policy ranks threads
    // within the group only).
    if (read('/proc/sys/kernel/sched_autogroup_enabled')?.trim() === '1') {
      const groups = chromium.map((p) => read(`/proc/${p}/autogroup`)?.trim()).filter(Boolean);
      expect(groups.length).toBeGreaterThan(0);
      expect(
        groups.every((g) => g!.endsWith(' nice 19')),
        groups.join('; '),
      ).toBe(true);
      expect(read('/proc/self/autogroup')?.trim()).not.toMatch(/ nice 19$/); // the server's group untouched
    }
  }, 60_000);

  it('fails (not hangs) when the page never becomes ready, and keeps working for the next job', async () => {
    let ready = false;
    // The time limit is the one for both jobs: long enough that a loaded machine still renders the second.
    const r = make(async () => page(ready ? READY_WITH_SESSION : '<p>loading</p>')(), { timeoutMs: 10_000 });
    await expect(r.render(job)).rejects.toBeInstanceOf(PdfFailed);
    ready = true;
    expect((await r.render(job)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);

  it('keeps the page warm for the next job, which sees nothing of the last one', async () => {
    const r = make(page(READY_LEAVING_TRACES));
    expect(textOf(await r.render({ ...job, token: 'token-a' }))).toContain(
      'token=token-a lang=en-US left=null,null,none',
    );
    expect(textOf(await r.render({ ...job, token: 'token-b' }))).toContain(
      'token=token-b lang=en-US left=null,null,none',
    );
    expect(await r.pagesOpened()).toBe(1);
    // Another language: a page of its own (a context per language), with that language in storage.
    expect(textOf(await r.render({ ...job, token: 'token-c', locale: 'zh-CN' }))).toContain(
      'token=token-c lang=zh-CN left=null,null,none',
    );
    expect(await r.pagesOpened()).toBe(2);
  }, 60_000);

  it('closes the page of a failed job rather than keeping it, and a page unused for a while', async () => {
    let refuse = true;
    const r = make(async () => page(refuse ? '<div class="rp-notice">not audited</div>' : READY_LEAVING_TRACES)(), {
      idleMs: 300,
    });
    await expect(r.render(job)).rejects.toBeInstanceOf(PdfFailed);
    refuse = false;
    expect(textOf(await r.render(job))).toContain('left=null,null,none');
    expect(await r.pagesOpened()).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(textOf(await r.render(job))).toContain('left=null,null,none');
    expect(await r.pagesOpened()).toBe(3);
  }, 60_000);

  it('fails when the page shows a refusal instead of the report', async () => {
    await expect(make(page('<div class="rp-notice">not audited</div>')).render(job)).rejects.toBeInstanceOf(PdfFailed);
  }, 60_000);

  it('is unavailable without a Chromium binary, and after close', async () => {
    const missing = make(page(READY_WITH_SESSION), { executablePath: '/nonexistent/chromium' });
    expect(missing.available).toBe(false);
    await expect(missing.render(job)).rejects.toBeInstanceOf(PdfUnavailable);
    const closed = make(page(READY_WITH_SESSION));
    await closed.close();
    await expect(closed.render(job)).rejects.toBeInstanceOf(PdfUnavailable);
  });
});
