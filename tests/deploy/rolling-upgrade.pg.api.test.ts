import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { spawnServer, throwawayDatabase, type ChildServer } from '../support/child-server';
import { post, signIn } from '../support/save-storm';
import journal from '../../server/src/platform/db/migrations/meta/_journal.json' with { type: 'json' };

// PostgreSQL only: a rolling upgrade is several processes on one database.
/**
 * A rolling upgrade (docs/deploy.md): the previous release (deploy/previous-release, run from its own git
 * tree) serves; this version starts beside it on the same database and migrates it; both then serve the same
 * sessions and reports until the old process is replaced. Restarted on the migrated database, the old
 * release refuses to start.
 */
const releaseCommit = readFileSync('deploy/previous-release', 'utf8')
  .split('\n')
  .find((l) => l.trim() && !l.startsWith('#'))!
  .trim();

let work = '';
let oldTree = '';
let url = '';
let drop = async () => {};
const running: ChildServer[] = [];
const key = randomBytes(32).toString('base64');

function checkoutPrevious(): string {
  const dir = path.join(work, 'previous');
  mkdirSync(dir);
  let tar: Buffer;
  try {
    tar = execFileSync('git', ['archive', '--format=tar', releaseCommit], { maxBuffer: 1 << 30 });
  } catch (err) {
    throw new Error(`the previous release ${releaseCommit} is not in this clone's history (a full clone has it)`, {
      cause: err,
    });
  }
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const start = async (name: string, cwd?: string) => {
  const s = await spawnServer({ DATABASE_URL: url, DATA_DIR: path.join(work, name), SECRET_KEY: key }, undefined, cwd);
  running.push(s);
  return s;
};

async function newestApplied(): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ n: string }>('select max(created_at) as n from drizzle.__drizzle_migrations');
  await c.end();
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'rxpacs-rolling-'));
  oldTree = checkoutPrevious();
  ({ url, drop } = await throwawayDatabase(inject('pgAdminUrl')));
}, 60_000);

afterAll(async () => {
  for (const s of running) s.kill9();
  await Promise.all(running.map((s) => s.exited));
  await drop();
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

interface Report {
  version: number;
  report_text1: string;
}

describe('rolling upgrade from the previous release', () => {
  it('old and new serve one database and one session side by side; the old one then cannot start again', async () => {
    const old = await start('old', oldTree);
    const before = await newestApplied();
    const token = await signIn(old.base, 'doctor', 'Doctor@123');
    const list = await post<{ list: { study_iuid: string }[] }>(old.base, '/api/order/OrderList', token, {
      rpt_status: [0],
      pageSize: 10,
    });
    expect(list.success, list.msg).toBe(true);
    const [s1, s2] = list.data.list.slice(0, 2).map((s) => s.study_iuid) as [string, string];
    const info = async (base: string, study: string) =>
      (await post<{ reports: Report[] }>(base, '/report/info', token, { study_iuid: study })).data.reports[0]!;
    const save = async (base: string, study: string, text: string) => {
      const { version } = await info(base, study);
      const body = { study_iuid: study, version, rpt_good_status: 1, study_desc: '胸部CT平扫', report_text1: text, report_text2: '未见异常。' }; // prettier-ignore
      const r = await post<{ version: number }>(base, '/report/save', token, body);
      expect(r.success, r.msg).toBe(true);
    };
    await save(old.base, s1, 'written on the previous release');

    // This version starts beside it and migrates the database forward.
    const fresh = await start('new');
    const after = await newestApplied();
    expect(after).toBe(Math.max(...journal.entries.map((e) => e.when)));
    expect(after).toBeGreaterThan(before);

    // Both serve the same session and each other's writes on the migrated database.
    await save(old.base, s1, 'the previous release, after the migration');
    await save(fresh.base, s2, 'written on this version');
    expect((await info(fresh.base, s1)).report_text1).toBe('the previous release, after the migration');
    expect((await info(old.base, s2)).report_text1).toBe('written on this version');
    const worklist = await post<{ list: unknown[] }>(old.base, '/api/order/OrderList', token, { pageSize: 10 });
    expect(worklist.success, worklist.msg).toBe(true);

    // The old process replaced: restarted as the previous release, it refuses the newer database ...
    old.kill9();
    await old.exited;
    const refused = await start('old', oldTree).then(
      () => 'started',
      (err: Error) => err.message,
    );
    expect(refused).toContain('The database was migrated by a newer version of this server');
    // ... and this version takes its place on its folder.
    const replaced = await start('old');
    expect((await info(replaced.base, s1)).report_text1).toBe('the previous release, after the migration');
  }, 180_000);
});
