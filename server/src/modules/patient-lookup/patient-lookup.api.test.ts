import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PATIENT_LOOKUP_LIMIT, printedLookupCode } from '@shared/schemas/patient-lookup';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { examsOfHospital, mixedPatient, type DemoExam } from './test-data';

/** The platform believes X-Forwarded-For from 127.0.0.1 only (the contract's probe comes through a proxy). */
const PROXY = '127.0.0.1';
const t = useTestPlatform({ env: { TRUSTED_PROXIES: PROXY } });
let n = 0;
/** Each test from its own address, so the rate limit of one never touches another. */
const lookup = (json: Partial<Record<string, string>>, o: { ip?: string; lang?: string; via?: string } = {}) =>
  call(t.p.app, 'POST', '/api/order/patientInfoList', {
    json,
    ip: o.via ? PROXY : (o.ip ?? `198.51.100.${++n}`),
    lang: o.lang,
    ...(o.via ? { headers: { 'x-forwarded-for': o.via } } : {}),
  });
const list = (r: { body: { data?: unknown } }) =>
  (r.body.data as { list: { study_iuid: string; report_token: string | null }[] }).list;
const wrongCode = () => randomBytes(5).toString('hex').toUpperCase();

async function patient() {
  const exams = await examsOfHospital(t.p.deps.db, 'H001');
  return { exams, ...mixedPatient(exams) };
}

/** Patients of H001 other than the mixed one, by patient ID, each with their exams (for tests that lock them). */
async function otherPatients(count: number, skip = 0): Promise<DemoExam[][]> {
  const { exams, id } = await patient();
  const byPatient = new Map<string, DemoExam[]>();
  for (const e of exams)
    if (e.patient_id !== id) byPatient.set(e.patient_id, [...(byPatient.get(e.patient_id) ?? []), e]);
  return [...byPatient.values()].reverse().slice(skip, skip + count);
}

describe('POST /api/order/patientInfoList: refusals decided from the input', () => {
  it('incomplete parameters (spec rules) answer 400 naming the fields, in both languages', async () => {
    const noHospital = await lookup({ patient_id: 'P100001', lookup_code: 'ABCDE12345' }, { lang: 'zh-CN' });
    expect(noHospital.status).toBe(400);
    expect(noHospital.body).toMatchObject({ error: 'VALIDATION', msg: '参数不完整' });
    expect(noHospital.body.errors).toEqual([{ field: 'hospital_code', msg: '参数不完整' }]);

    const noIds = await lookup({ hospital_code: 'H001', card_no: 'x', lookup_code: 'ABCDE12345' }, { lang: 'en-US' });
    expect(noIds.status).toBe(400);
    expect(noIds.body.msg).toBe('Incomplete parameters');
    expect((noIds.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['patient_id', 'accession_no']);

    const allEmpty = await lookup({});
    expect((allEmpty.body.errors as { field: string }[]).map((e) => e.field)).toEqual([
      'hospital_code',
      'patient_id',
      'accession_no',
    ]);
  });

  it('without the look-up code, or with one not of its form, nothing is looked up', async () => {
    const { list: mine } = await patient();
    const e = mine[0]!;
    const none = await lookup(
      { hospital_code: 'H001', patient_id: e.patient_id, card_no: e.card_no },
      { lang: 'zh-CN' },
    );
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ field: 'lookup_code', msg: '请填写查询码（印在登记条码标签和检查报告上）' }]);
    const bad = await lookup(
      { hospital_code: 'H001', patient_id: e.patient_id, lookup_code: 'XYZ' },
      { lang: 'en-US' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/10 digits and letters A-F/);
    expect(bad.body.data).toBeNull();
  });

  it('unknown fields and over-long values are refused by the schema', async () => {
    expect((await lookup({ hospital_code: 'H001', patient_id: 'a', name: 'x' })).status).toBe(400);
    const long = await lookup({ hospital_code: 'H001', patient_id: 'a'.repeat(65), lookup_code: 'ABCDE12345' });
    expect(long.status).toBe(400);
    expect((long.body.errors as { field: string }[])[0]!.field).toBe('patient_id');
  });
});

describe('POST /api/order/patientInfoList: answers', () => {
  it("the look-up code with the patient ID or accession number lists the patient's exams; tokens only for audited reports", async () => {
    const { id, list: mine } = await patient();
    const e = mine[0]!;
    // As printed (with its dash, in lower case) or as stored.
    for (const q of [
      { patient_id: id, lookup_code: printedLookupCode(e.lookup_code).toLowerCase() },
      { accession_no: e.accession_no, lookup_code: e.lookup_code },
      { patient_id: id, card_no: e.card_no, lookup_code: e.lookup_code },
    ]) {
      const r = await lookup({ hospital_code: 'H001', ...q });
      expect(r.status).toBe(200);
      const got = list(r);
      expect(got.map((x) => x.study_iuid).sort()).toEqual(mine.map((x) => x.study_iuid).sort());
      const status = new Map(mine.map((x) => [x.study_iuid, x.rpt_status]));
      for (const x of got) {
        if (status.get(x.study_iuid) === 2) expect(x.report_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
        else expect(x.report_token).toBeNull();
      }
    }
  });

  it("a wrong code, another patient's code, a wrong card, another hospital, no such patient: the same empty answer", async () => {
    const { exams, id, list: mine } = await patient();
    const other = exams.find((x) => x.patient_id !== id)!;
    const code = mine[0]!.lookup_code;
    const answers = await Promise.all([
      lookup({ hospital_code: 'H001', patient_id: id, lookup_code: wrongCode() }),
      lookup({ hospital_code: 'H001', patient_id: id, lookup_code: other.lookup_code }),
      lookup({ hospital_code: 'H001', patient_id: id, card_no: 'no-such-card', lookup_code: code }),
      lookup({ hospital_code: 'H002', patient_id: id, lookup_code: code }),
      lookup({ hospital_code: 'H001', patient_id: 'P999999', lookup_code: code }),
      lookup({ hospital_code: 'NOPE', patient_id: 'P999999', lookup_code: code }),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).toBe(answers[4]!.text);
    }
    expect(list(answers[4]!)).toEqual([]);
  });

  it('"no such patient" and "wrong code" take a similar time (both padded)', async () => {
    const { list: mine } = await patient();
    const timed = async (q: Record<string, string>) => {
      const start = performance.now();
      await lookup({ hospital_code: 'H001', ...q });
      return performance.now() - start;
    };
    const none = await timed({ patient_id: 'P999998', lookup_code: wrongCode() });
    const mismatch = await timed({ accession_no: mine.at(-1)!.accession_no, lookup_code: wrongCode() });
    expect(none).toBeGreaterThanOrEqual(240);
    expect(mismatch).toBeGreaterThanOrEqual(240);
    expect(Math.abs(none - mismatch)).toBeLessThan(150);
  });

  it(`rate limit: call ${PATIENT_LOOKUP_LIMIT.calls + 1} from one address is refused; another is still served`, async () => {
    const q = { hospital_code: 'H001', patient_id: 'P999997', lookup_code: 'ABCDE12345' };
    const ip = '203.0.113.7';
    const first = await Promise.all(Array.from({ length: PATIENT_LOOKUP_LIMIT.calls }, () => lookup(q, { ip })));
    expect(first.map((r) => r.status)).toEqual(first.map(() => 200));
    const refused = await lookup(q, { ip, lang: 'en-US' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.msg).toMatch(/^Too many look-ups; try again in \d+ s$/);
    expect((await lookup(q, { ip: '203.0.113.8' })).status).toBe(200);
  });
});

describe('budgets per identifier and per hospital', () => {
  it(`after ${PATIENT_LOOKUP_LIMIT.targetMisses} misses naming a patient ID, the right code answers as a miss for a day`, async () => {
    const [mine] = await otherPatients(1);
    const e = mine![0]!;
    const right = { hospital_code: 'H001', patient_id: e.patient_id, lookup_code: e.lookup_code };
    for (let i = 0; i < PATIENT_LOOKUP_LIMIT.targetMisses; i++) {
      expect(list(await lookup({ ...right, lookup_code: wrongCode() }))).toEqual([]);
    }
    const locked = await lookup(right);
    const miss = await lookup({ ...right, patient_id: 'P999996' });
    expect(locked.status).toBe(200);
    expect(locked.text).toBe(miss.text);
    // The accession number was not named in the misses: with it the patient still gets in.
    expect(
      list(await lookup({ hospital_code: 'H001', accession_no: e.accession_no, lookup_code: e.lookup_code })).length,
    ).toBeGreaterThan(0);
    t.p.deps.now = () => new Date(Date.now() + PATIENT_LOOKUP_LIMIT.targetWindowS * 1000 + 60_000);
    try {
      expect(list(await lookup(right)).length).toBeGreaterThan(0);
    } finally {
      t.p.deps.now = undefined;
    }
  });

  it('a hospital past its misses of the hour pauses with 429 (Retry-After); another hospital is served', async () => {
    const at = new Date();
    await t.p.deps.db.execute(sql`insert into patient_lookup_miss (hospital_code, target_hash, at)
      select 'H002', md5(g::text) || md5(g::text), ${at.toISOString()}::timestamptz
      from generate_series(1, ${PATIENT_LOOKUP_LIMIT.hospitalMisses}) g`);
    try {
      const paused = await lookup(
        { hospital_code: 'H002', patient_id: 'P1', lookup_code: 'ABCDE12345' },
        { lang: 'en-US' },
      );
      expect(paused.status).toBe(429);
      expect(paused.body.msg).toMatch(/^This hospital's look-up is busy; try again in \d+ s$/);
      expect(Number(paused.headers.get('retry-after'))).toBe(PATIENT_LOOKUP_LIMIT.hospitalWindowS);
      const { id, list: mine } = await patient();
      expect(
        list(await lookup({ hospital_code: 'H001', patient_id: id, lookup_code: mine[0]!.lookup_code })).length,
      ).toBeGreaterThan(0);
    } finally {
      await t.p.deps.db.execute(sql`delete from patient_lookup_miss where hospital_code = 'H002'`);
    }
  });

  it('300 look-ups from 30 addresses behind the trusted proxy find none of 5 patients with sequential IDs; a real patient is still served', async () => {
    const targets = await otherPatients(5, 1);
    const addresses = Array.from({ length: 30 }, (_, i) => `192.0.2.${i + 10}`);
    const found: string[] = [];
    const statuses = new Set<number>();
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        addresses.map((via, i) => {
          const target = targets[(round * 30 + i) % targets.length]![0]!;
          // Sequential identifiers are known; the code is guessed.
          const q = i % 2 ? { patient_id: target.patient_id } : { accession_no: target.accession_no };
          return lookup({ hospital_code: 'H001', ...q, lookup_code: wrongCode() }, { via });
        }),
      );
      for (const a of answers) {
        statuses.add(a.status);
        if (a.status === 200) found.push(...list(a).map((x) => x.study_iuid));
      }
    }
    // Each address made 10 look-ups: under its budget, so the proxy's own address was not what counted.
    expect([...statuses]).toEqual([200]);
    expect(found).toEqual([]);
    // The targets are now locked: even their right codes answer as a miss.
    const first = targets[0]![0]!;
    expect(
      list(await lookup({ hospital_code: 'H001', patient_id: first.patient_id, lookup_code: first.lookup_code })),
    ).toEqual([]);
    const { id, list: mine } = await patient();
    const real = await lookup(
      { hospital_code: 'H001', patient_id: id, lookup_code: mine[0]!.lookup_code },
      { via: '192.0.2.200' },
    );
    expect(list(real).length).toBe(mine.length);
  });

  it('misses are kept as hashes only, never the identifiers typed', async () => {
    const rows = (await t.p.deps.db.execute(sql`select target_hash from patient_lookup_miss`)) as {
      rows: { target_hash: string }[];
    };
    expect(rows.rows.length).toBeGreaterThan(0);
    for (const r of rows.rows) expect(r.target_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('report tokens of a look-up', () => {
  const tokensOf = async (mine: DemoExam[], id: string) =>
    list(await lookup({ hospital_code: 'H001', patient_id: id, lookup_code: mine[0]!.lookup_code }));
  const sharedInfo = (token: string | null) =>
    call(t.p.app, 'POST', '/report/shared/info', { json: { token }, lang: 'en-US' });

  it('open the audited report’s print data without a session, audited reports only', async () => {
    const { id, list: mine } = await patient();
    const audited = (await tokensOf(mine, id)).find((x) => x.report_token)!;
    const r = await sharedInfo(audited.report_token);
    expect(r.status).toBe(200);
    const info = (
      r.body.data as {
        info: { study: { study_iuid: string; lookup_code: string }; reports: { rpt_status: number }[]; drafts: [] };
      }
    ).info;
    expect(info.study.study_iuid).toBe(audited.study_iuid);
    expect(info.study.lookup_code).toMatch(/^[0-9A-F]{5}-[0-9A-F]{5}$/);
    expect(info.reports.length).toBeGreaterThan(0);
    for (const rep of info.reports) expect(rep.rpt_status).toBe(2);
    expect(info.drafts).toEqual([]);
  });

  it("are bound to their look-up: the next look-up's tokens replace them", async () => {
    const { id, list: mine } = await patient();
    const before = (await tokensOf(mine, id)).find((x) => x.report_token)!;
    expect((await sharedInfo(before.report_token)).status).toBe(200);
    const after = (await tokensOf(mine, id)).find((x) => x.study_iuid === before.study_iuid)!;
    expect((await sharedInfo(after.report_token)).status).toBe(200);
    expect((await sharedInfo(before.report_token)).status).toBe(404);
  });

  it('a token is no session and no viewer token', async () => {
    const { id, list: mine } = await patient();
    const audited = (await tokensOf(mine, id)).find((x) => x.report_token)!;
    const token = audited.report_token!;
    expect((await call(t.p.app, 'GET', '/tool/reportConfig', { token })).status).toBe(401);
    expect(
      (await call(t.p.app, 'POST', '/report/info', { token, json: { study_iuid: audited.study_iuid } })).status,
    ).toBe(401);
    const viewer = await call(t.p.app, 'GET', `/wado/viewerStudy?studyUID=${audited.study_iuid}&token=${token}`);
    expect(viewer.status).toBe(401);
    expect(
      (await call(t.p.app, 'POST', '/report/pdf', { token, json: { study_iuid: audited.study_iuid } })).status,
    ).toBe(401);
  });

  it('an unknown token and a token past its 30 minutes answer the same 404', async () => {
    const { id, list: mine } = await patient();
    const audited = (await tokensOf(mine, id)).find((x) => x.report_token)!;
    const unknown = await sharedInfo('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('This link has expired or was revoked');
    t.p.deps.now = () => new Date(Date.now() + PATIENT_LOOKUP_LIMIT.tokenTtlS * 1000 + 1000);
    try {
      const late = await sharedInfo(audited.report_token);
      expect(late.status).toBe(404);
      expect(late.text).toBe(unknown.text);
    } finally {
      t.p.deps.now = undefined;
    }
  });
});
