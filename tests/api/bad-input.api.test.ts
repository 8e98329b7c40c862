import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badCases, type BadCase } from '../support/bad-input-cases';
import { envelopeProblem, fieldValues, send, startSuite, tokenFor, type Role, type Suite } from '../support/api-suite';
import { allowedRole, readMatrix, refusedRole, type MatrixEntry } from '../support/authz-matrix';
import { changed, fingerprinter } from '../support/db-fingerprint';
import { readOperations, type Operation } from '../support/openapi-doc';

/** Every route × role (or × field case) in one test: the time grows with the routes, so a generous limit. */
const SWEEP_TIMEOUT_MS = 300_000;

/**
 * Standing suite: bad input generated from /openapi.json for every route. No answer is a 500, every
 * answer is the envelope, and a refused call (4xx) writes nothing: row counts of every table and a
 * checksum of the report tables stay as they were. Value cases run as the least privileged role the
 * guard lets through; a sample runs as anonymous and as a refused role, which the guard answers first.
 * Nothing is skipped: routes without input (/user/logout, /user/refreshToken, /cert/unbind) get the cases
 * the input guard refuses before the route runs; /user/logout is called with a session of its own.
 */
let s: Suite;
let ops: Operation[];
let matrix: Record<string, MatrixEntry>;
let snapshot: () => Promise<Record<string, string>>;

beforeAll(async () => {
  s = await startSuite();
  ops = await readOperations(s.p.app);
  matrix = readMatrix();
  snapshot = await fingerprinter(s.p.deps.db);
});
afterAll(async () => {
  await s?.p.close();
});

async function run(op: Operation, c: BadCase, token: string | undefined) {
  return send(s.p.app, op.method, op.path, { token, query: c.query, body: c.body });
}

/** Runs the cases; returns problems. Refused cases must leave the fingerprint as it was. */
async function check(op: Operation, cases: BadCase[], role: Role, expected?: number): Promise<string[]> {
  const problems: string[] = [];
  const refused: BadCase[] = [];
  // Sessions are made before the first fingerprint: signing in writes a session and an audit row.
  const tokens = await Promise.all(cases.map(() => tokenFor(s, op.key, role)));
  const before = await snapshot();
  for (const [i, c] of cases.entries()) {
    const r = await run(op, c, tokens[i]);
    const where = `${op.key} as ${role}, ${c.label}`;
    const problem = envelopeProblem(r);
    if (problem) problems.push(`${where}: ${problem}`);
    if (expected && c.stage === 'schema' && r.status !== expected)
      problems.push(`${where}: ${r.status}, not ${expected}`);
    if (r.status >= 400) refused.push(c);
  }
  const diff = changed(before, await snapshot());
  if (!diff.length) return problems;
  if (refused.length === cases.length) return [...problems, `${op.key} as ${role}: refused calls wrote ${diff}`];
  // Some case was accepted and may write by design: replay the refused ones one by one to find a writer.
  for (const c of refused) {
    const token = await tokenFor(s, op.key, role);
    const at = await snapshot();
    const r = await run(op, c, token);
    const d = changed(at, await snapshot());
    if (r.status >= 400 && d.length)
      problems.push(`${op.key} as ${role}, ${c.label}: refused (${r.status}) but wrote ${d}`);
  }
  return problems;
}

describe('bad input from /openapi.json', () => {
  it('sees what a write changes: row counts, and any change to a report table', async () => {
    const before = await snapshot();
    await s.p.deps.db.execute(
      sql`update study set study_desc = study_desc || '.' where study_iuid = ${s.data.H001.study}`,
    );
    expect(changed(before, await snapshot())).toEqual([expect.stringMatching(/^md5 study: /)]);
    await s.p.deps.db.execute(
      sql`update study set study_desc = left(study_desc, -1) where study_iuid = ${s.data.H001.study}`,
    );
    expect(changed(before, await snapshot())).toEqual([]);
    const add = await send(s.p.app, 'POST', '/collection/add', {
      token: s.tokens.doctor,
      body: { type: 'application/json', data: JSON.stringify({ study_iuid: s.data.H001.study }) },
    });
    expect(add.status).toBe(200);
    expect(changed(before, await snapshot())).toEqual([expect.stringMatching(/^collection: /)]);
  });

  it('generates every kind of case the issue names (a report save as the sample)', () => {
    const save = ops.find((o) => o.key === 'POST /report/save')!;
    const labels = badCases(save, fieldValues(s, 'doctor')).map((c) => c.label);
    for (const what of ['min-1', 'max+1', 'PG_INT_MAX+1', '1e309', '-0', '1.5', 'wrong type', 'missing']) {
      expect(labels).toContain(`version: ${what}`);
    }
    for (const label of [
      'study_iuid: oversize',
      'report_text1: NUL',
      'report_text1: lone surrogate',
      '(body): NUL in a key',
      'rpt_detail: lone surrogate in a key',
      'rpt_detail.images: too many items',
      'body: nested 33 deep',
      'body: not UTF-8',
      'body: past the body limit',
    ]) {
      expect(labels).toContain(label);
    }
  });

  it('every route has an authorisation matrix entry (the roles below come from it)', () => {
    expect(ops.map((o) => o.key).filter((k) => !matrix[k])).toEqual([]);
  });

  it(
    'no 500, the envelope, nothing written: every field case as the allowed role',
    async () => {
      const problems: string[] = [];
      let total = 0;
      for (const op of ops) {
        const entry = matrix[op.key];
        const role = entry && allowedRole(entry);
        if (!role) continue; // no entry: the first test names the route
        const cases = badCases(op, fieldValues(s, role));
        total += cases.length;
        problems.push(...(await check(op, cases, role)));
      }
      expect(problems).toEqual([]);
      expect(total).toBeGreaterThan(500);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'anonymous and refused roles are answered by the guard before validation, writing nothing',
    async () => {
      const problems: string[] = [];
      for (const op of ops) {
        const entry = matrix[op.key];
        if (!entry) continue;
        const sample = badCases(op, fieldValues(s, 'doctor')).filter((_c, i) => i % 7 === 0);
        if (entry.anonymous === 401) problems.push(...(await check(op, sample, 'anonymous', 401)));
        const refused = refusedRole(entry);
        if (refused) problems.push(...(await check(op, sample, refused, 403)));
      }
      expect(problems).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );
});
