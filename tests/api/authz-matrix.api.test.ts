import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelopeProblem,
  fieldValues,
  isSuper,
  ROLES,
  send,
  startSuite,
  tokenFor,
  variables,
  type Role,
  type Suite,
} from '../support/api-suite';
import { minimalCall, readMatrix, type MatrixEntry } from '../support/authz-matrix';
import { changed, fingerprinter } from '../support/db-fingerprint';
import { readOperations, type Operation } from '../support/openapi-doc';

/** Every route × role (or × field case) in one test: the time grows with the routes, so a generous limit. */
const SWEEP_TIMEOUT_MS = 300_000;

/**
 * Standing suite: who may call what. tests/api/authz-matrix/*.json states, for every route of /openapi.json,
 * what the guard answers each demo role (401, 403 or 'pass'), and for routes that address a hospital's
 * data what a user of the other hospital gets when naming it. The table says what should be; a route
 * missing from it, or an entry for a route that is gone, fails.
 */
let s: Suite;
let ops: Operation[];
let matrix: Record<string, MatrixEntry>;

beforeAll(async () => {
  s = await startSuite();
  ops = await readOperations(s.p.app);
  matrix = readMatrix();
  // A private template (in a folder) of a doctor of each hospital, for the other hospital to name.
  for (const role of ['doctor', 'doctor2'] as const) {
    let parent: number | null = null;
    for (const isleaf of [false, true]) {
      const r = await send(s.p.app, 'POST', '/template/save', {
        token: s.tokens[role],
        body: { type: 'application/json', data: JSON.stringify({ label: `suite ${role}`, isleaf, parent }) },
      });
      if (r.status !== 200) throw new Error(r.text);
      parent = (r.json?.data as { pk: number }).pk;
    }
    s.data[role === 'doctor' ? 'H001' : 'H002'].node = parent ?? 0;
  }
});
afterAll(async () => {
  await s?.p.close();
});

async function callAs(op: Operation, role: Role, shape: MatrixEntry | NonNullable<MatrixEntry['otherHospital']>) {
  const token = await tokenFor(s, op.key, role);
  const call = minimalCall(op, shape, fieldValues(s, role), variables(s, role));
  return send(s.p.app, op.method, op.path, { token, ...call });
}

describe('authorisation matrix (tests/api/authz-matrix/*.json)', () => {
  it('has an entry for every documented route, and none for a route that is gone', () => {
    const documented = new Set(ops.map((o) => o.key));
    expect(
      ops.map((o) => o.key).filter((k) => !matrix[k]),
      'routes to add to authz-matrix/*.json',
    ).toEqual([]);
    expect(
      Object.keys(matrix).filter((k) => !documented.has(k)),
      'entries of authz-matrix/*.json for routes that no longer exist',
    ).toEqual([]);
  });

  it(
    'the guard answers every demo role as the table says',
    async () => {
      const problems: string[] = [];
      for (const role of ROLES) {
        for (const op of ops) {
          const entry = matrix[op.key];
          if (!entry) continue;
          const r = await callAs(op, role, entry);
          const want = entry[role];
          const through = r.status < 500 && r.status !== 403 && (op.permission === 'public' || r.status !== 401);
          const ok = want === 'pass' ? through : r.status === want;
          const where = `${op.key} as ${role}`;
          if (!ok) problems.push(`${where}: ${r.status}, expected ${want} (${String(r.json?.msg ?? '').slice(0, 80)})`);
          const problem = envelopeProblem(r);
          if (problem) problems.push(`${where}: ${problem}`);
          // The minimal call names only the role's own data: the other hospital's code in a JSON answer is a leak.
          const otherSn = JSON.stringify(variables(s, role).$otherSn);
          if (role !== 'anonymous' && !isSuper(role) && r.json && r.text.includes(otherSn)) {
            problems.push(`${where}: the answer holds ${otherSn}`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    "naming the other hospital's data: 403 or 404 (or, where marked, nothing of it), and nothing written",
    async () => {
      const snapshot = await fingerprinter(s.p.deps.db);
      const problems: string[] = [];
      let checked = 0;
      for (const op of ops) {
        const cross = matrix[op.key]?.otherHospital;
        if (!cross) continue;
        for (const role of ROLES.filter((r) => r !== 'anonymous' && !isSuper(r) && matrix[op.key]![r] === 'pass')) {
          const before = await snapshot();
          const r = await callAs(op, role, cross);
          const diff = changed(before, await snapshot());
          const other = variables(s, role).$otherStudy as string;
          const where = `${op.key} as ${role}`;
          checked++;
          if (diff.length) problems.push(`${where}: wrote ${diff}`);
          if (cross.expect === 'deny' && (![403, 404].includes(r.status) || r.json?.data != null)) {
            problems.push(`${where}: ${r.status}, expected 403 or 404 without data (${r.text.slice(0, 120)})`);
          }
          if (cross.expect === 'nothing' && (r.status >= 500 || JSON.stringify(r.json?.data ?? null).includes(other))) {
            problems.push(`${where}: ${r.status}, answered the other hospital's data`);
          }
        }
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(40);
    },
    SWEEP_TIMEOUT_MS,
  );
});
