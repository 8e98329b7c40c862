import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnServer, throwawayDatabase, type ChildServer } from '../../../../tests/support/child-server';
import { post, signIn } from '../../../../tests/support/save-storm';
import { openDatabase } from './client';
import { compareDatabases } from './move-to-postgres';

// PostgreSQL only: the target is a PostgreSQL server.
/**
 * `npm run move-to-postgres` moves an embedded installation into an empty PostgreSQL database and checks it:
 * the server then starts on PostgreSQL with the same DATA_DIR, and everything (sessions, reports, the
 * sequences, the sealed key check) is as it was.
 */
let dataDir = '';
let url = '';
let drop = async () => {};
const running: ChildServer[] = [];
const TEXT = '右肺上叶见 "结节"，约 5\\6 mm；\n边缘光整。';

function moveCommand(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/move-to-postgres.ts'], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out })),
  );
}

async function stop(s: ChildServer) {
  process.kill(s.pid, 'SIGTERM');
  await s.exited;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rxpacs-move-'));
  ({ url, drop } = await throwawayDatabase(inject('pgAdminUrl')));
}, 60_000);

afterAll(async () => {
  for (const s of running) s.kill9();
  await Promise.all(running.map((s) => s.exited));
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('moving an embedded installation to PostgreSQL', () => {
  it('moves everything, checks it, and the server goes on from PostgreSQL', async () => {
    const embedded = await spawnServer({ DATA_DIR: dataDir });
    running.push(embedded);
    const token = await signIn(embedded.base, 'doctor', 'Doctor@123');
    const list = await post<{ list: { study_iuid: string }[] }>(embedded.base, '/api/order/OrderList', token, {
      rpt_status: [0],
      pageSize: 10,
    });
    const study = list.data.list[0]!.study_iuid;
    const info = async (base: string) =>
      (await post<{ reports: { version: number; report_text1: string }[] }>(base, '/report/info', token, { study_iuid: study })).data.reports[0]!; // prettier-ignore
    const save = async (base: string, text: string) => {
      const body = { study_iuid: study, version: (await info(base)).version, rpt_good_status: 1, study_desc: '胸部CT平扫', report_text1: text, report_text2: '未见异常。' }; // prettier-ignore
      const r = await post<{ version: number }>(base, '/report/save', token, body);
      expect(r.success, r.msg).toBe(true);
      return r.data.version;
    };
    const saved = await save(embedded.base, TEXT);

    // While the server runs, the command refuses: it would copy a database still being written.
    const busy = await moveCommand({ DATA_DIR: dataDir, DATABASE_URL: url });
    expect(busy.code).toBe(1);
    expect(busy.out).toContain(`pid ${embedded.pid}`);

    await stop(embedded);
    const moved = await moveCommand({ DATA_DIR: dataDir, DATABASE_URL: url });
    expect(moved.out).toContain('every table has the same rows and checksum on both sides');
    expect(moved.code).toBe(0);

    // The same DATA_DIR on PostgreSQL: the session goes on, the report is as saved, new rows get new keys.
    const onPg = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: url, SEED: 'none' });
    running.push(onPg);
    expect(await info(onPg.base)).toMatchObject({ version: saved, report_text1: TEXT });
    expect(await save(onPg.base, `${TEXT} (PostgreSQL)`)).toBeGreaterThan(saved);
    await stop(onPg);

    // Into a database that already has rows: refused, nothing changed.
    const again = await moveCommand({ DATA_DIR: dataDir, DATABASE_URL: url });
    expect(again.code).toBe(1);
    expect(again.out).toContain('the PostgreSQL database is not empty');
  }, 180_000);

  it('the check finds a row that differs, and a missing one', async () => {
    const source = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    const target = await openDatabase({ url });
    try {
      // the PostgreSQL side has one save more than the embedded one, from the first test
      const first = await compareDatabases(source, target);
      expect(first.mismatched.map((m) => m.table)).toContain('report');
      await target.db.execute(sql`update hospital set name = name || ' ' where code = 'H002'`);
      const second = await compareDatabases(source, target);
      expect(second.mismatched.find((m) => m.table === 'hospital')?.target.rows).toBe(
        second.mismatched.find((m) => m.table === 'hospital')?.source.rows,
      );
    } finally {
      await source.close();
      await target.close();
    }
  }, 60_000);
});
