import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { spawnServer, throwawayDatabase, type ChildServer } from '../../../../tests/support/child-server';
import { post, saveStorm, signIn, type AckedSave } from '../../../../tests/support/save-storm';

/**
 * The real server in a child process, killed with SIGKILL during a save storm and started again on the
 * same data: every acknowledged save must be there. Project api-pglite runs it on the embedded default
 * (a DATA_DIR on disk), api-postgres on a throw-away database of the suite's PostgreSQL server.
 */
const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const STUDIES = 6;
const ACKS_BEFORE_KILL = 60;

let dataDir = '';
let env: Record<string, string> = {};
let dropDatabase = async () => {};
const running: ChildServer[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rxpacs-crash-'));
  env = { DATA_DIR: dataDir };
  if (kind === 'postgres') {
    const database = await throwawayDatabase(inject('pgAdminUrl'));
    env.DATABASE_URL = database.url;
    dropDatabase = database.drop;
  }
}, 60_000);

afterAll(async () => {
  for (const s of running) s.kill9();
  await Promise.all(running.map((s) => s.exited));
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function start() {
  const server = await spawnServer(env);
  running.push(server);
  return server;
}

async function studiesToWrite(base: string, token: string): Promise<string[]> {
  const list = await post<{ list: { study_iuid: string }[] }>(base, '/api/order/OrderList', token, {
    rpt_status: [0],
    pageSize: 10,
  });
  if (!list.success) throw new Error(`worklist: ${list.msg}`);
  return list.data.list.slice(0, STUDIES).map((s) => s.study_iuid);
}

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

/** The last acknowledged save of each study, and every acknowledged text. */
function summarise(acked: AckedSave[]) {
  const last = new Map<string, AckedSave>();
  for (const a of acked) if ((last.get(a.study_iuid)?.version ?? -1) < a.version) last.set(a.study_iuid, a);
  return last;
}

describe(`crash durability (${kind})`, () => {
  it('keeps every acknowledged save when the server is killed during a save storm', async () => {
    const first = await start();
    const token = await signIn(first.base, 'doctor', 'Doctor@123');
    const studies = await studiesToWrite(first.base, token);
    expect(studies).toHaveLength(STUDIES);

    const storm = saveStorm(first.base, token, studies);
    await Promise.race([until(() => storm.acked.length >= ACKS_BEFORE_KILL), storm.done]);
    first.kill9();
    await storm.done;
    expect((await first.exited).code).toBeNull();
    expect(storm.acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    // Started again on the same data: the killed server's lock file must not stop it.
    const again = await start();
    const token2 = await signIn(again.base, 'doctor', 'Doctor@123');
    for (const [study, last] of summarise(storm.acked)) {
      const info = await post<{ reports: { version: number; report_text1: string }[] }>(
        again.base,
        '/report/info',
        token2,
        { study_iuid: study },
      );
      const now = info.data.reports[0]!;
      // A save in flight at the kill may or may not have landed; every acknowledged one has.
      expect(now.version).toBeGreaterThanOrEqual(last.version);
      if (now.version === last.version) expect(now.report_text1).toBe(last.text);
      const versions = await post<{ texts: { report_text1: string } }[]>(again.base, '/report/versions', token2, {
        study_iuid: study,
      });
      const saved = new Set(versions.data.map((v) => v.texts.report_text1));
      const ackedTexts = storm.acked.filter((a) => a.study_iuid === study).map((a) => a.text);
      expect(ackedTexts.filter((t) => !saved.has(t))).toEqual([]);
    }
  }, 90_000);

  // Only the embedded database locks its folder; servers sharing a PostgreSQL server are legitimate.
  if (kind === 'pglite') {
    it('refuses a second server on the same DATA_DIR, naming the folder and the running pid', async () => {
      // The server the first test started again is still running on DATA_DIR.
      const holder = running.at(-1)!;
      const second = spawnServer(env);
      await expect(second).rejects.toThrow(/exited \(1\)/);
      const err = await second.catch((e: Error) => e.message);
      expect(err).toContain(dataDir);
      expect(err).toContain(`pid ${holder.pid}`);
    }, 60_000);
  }
});
