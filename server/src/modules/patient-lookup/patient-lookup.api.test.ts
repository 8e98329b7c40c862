import { describe, expect, it } from 'vitest';
import { PATIENT_LOOKUP_LIMIT } from '@shared/schemas/patient-lookup';
import { call } from '../../../../tests/support/api-client';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { examsOfHospital, mixedPatient, type DemoExam } from './test-data';

const t = useTestPlatform();
let n = 0;
/** Each test from its own address, so the rate limit of one never touches another. */
const lookup = (json: Partial<Record<string, string>>, o: { ip?: string; lang?: string } = {}) =>
  call(t.p.app, 'POST', '/api/order/patientInfoList', { json, ip: o.ip ?? `198.51.100.${++n}`, lang: o.lang });
const list = (r: { body: { data?: unknown } }) =>
  (r.body.data as { list: { study_iuid: string; report_token: string | null }[] }).list;

async function patient() {
  const exams = await examsOfHospital(t.p.deps.db, 'H001');
  return { exams, ...mixedPatient(exams) };
}

describe('POST /api/order/patientInfoList: refusals decided from the input', () => {
  it('incomplete parameters (spec rules) answer 400 naming the fields, in both languages', async () => {
    const noHospital = await lookup({ patient_id: 'P100001', card_no: 'x' }, { lang: 'zh-CN' });
    expect(noHospital.status).toBe(400);
    expect(noHospital.body).toMatchObject({ error: 'VALIDATION', msg: '参数不完整' });
    expect(noHospital.body.errors).toEqual([{ field: 'hospital_code', msg: '参数不完整' }]);

    const noIds = await lookup({ hospital_code: 'H001', card_no: 'x' }, { lang: 'en-US' });
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

  it('one identifier only, and the accession number alone, never answer', async () => {
    const { list: mine } = await patient();
    const e = mine[0]!;
    for (const only of [{ patient_id: e.patient_id }, { accession_no: e.accession_no }]) {
      const r = await lookup({ hospital_code: 'H001', ...only }, { lang: 'en-US' });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe('Give at least two of card number, accession number and patient ID');
      expect(r.body.data).toBeNull();
    }
  });

  it('unknown fields and over-long values are refused by the schema', async () => {
    expect((await lookup({ hospital_code: 'H001', patient_id: 'a', name: 'x' })).status).toBe(400);
    const long = await lookup({ hospital_code: 'H001', patient_id: 'a'.repeat(65), card_no: 'b' });
    expect(long.status).toBe(400);
    expect((long.body.errors as { field: string }[])[0]!.field).toBe('patient_id');
  });
});

describe('POST /api/order/patientInfoList: answers', () => {
  it('two matching identifiers list the patient’s exams; tokens only for audited reports', async () => {
    const { id, list: mine } = await patient();
    const e = mine[0]!;
    for (const q of [
      { card_no: e.card_no, patient_id: id },
      { accession_no: e.accession_no, patient_id: id },
      { accession_no: e.accession_no, card_no: e.card_no },
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

  it('identifiers of two patients, another hospital, no such patient: the same empty answer', async () => {
    const { exams, id, list: mine } = await patient();
    const other = exams.find((x) => x.patient_id !== id)!;
    const answers = await Promise.all([
      lookup({ hospital_code: 'H001', card_no: other.card_no, patient_id: id }),
      lookup({ hospital_code: 'H002', card_no: mine[0]!.card_no, patient_id: id }),
      lookup({ hospital_code: 'H001', accession_no: mine[0]!.accession_no, patient_id: other.patient_id }),
      lookup({ hospital_code: 'H001', card_no: 'no-such-card', patient_id: 'P999999' }),
      lookup({ hospital_code: 'NOPE', card_no: 'no-such-card', patient_id: 'P999999' }),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.text).toBe(answers[3]!.text);
    }
    expect(list(answers[3]!)).toEqual([]);
  });

  it('"no such patient" and "identifiers do not match" take a similar time (both padded)', async () => {
    const { exams, id } = await patient();
    const other = exams.find((x) => x.patient_id !== id)!;
    const timed = async (q: Record<string, string>) => {
      const start = performance.now();
      await lookup({ hospital_code: 'H001', ...q });
      return performance.now() - start;
    };
    const none = await timed({ card_no: 'no-such-card', patient_id: 'P999999' });
    const mismatch = await timed({ card_no: other.card_no, patient_id: id });
    expect(none).toBeGreaterThanOrEqual(240);
    expect(mismatch).toBeGreaterThanOrEqual(240);
    expect(Math.abs(none - mismatch)).toBeLessThan(150);
  });

  it(`rate limit: call ${PATIENT_LOOKUP_LIMIT.calls + 1} from one address is refused; another is still served`, async () => {
    const q = { hospital_code: 'H001', card_no: 'no-such-card', patient_id: 'P999999' };
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

describe('report tokens of a look-up', () => {
  const tokenOf = async (mine: DemoExam[], id: string) => {
    const r = await lookup({ hospital_code: 'H001', card_no: mine[0]!.card_no, patient_id: id });
    return list(r);
  };

  it('open the audited report’s print data without a session, audited reports only', async () => {
    const { id, list: mine } = await patient();
    const got = await tokenOf(mine, id);
    const audited = got.find((x) => x.report_token)!;
    const r = await call(t.p.app, 'POST', '/report/shared/info', { json: { token: audited.report_token } });
    expect(r.status).toBe(200);
    const info = (
      r.body.data as { info: { study: { study_iuid: string }; reports: { rpt_status: number }[]; drafts: [] } }
    ).info;
    expect(info.study.study_iuid).toBe(audited.study_iuid);
    expect(info.reports.length).toBeGreaterThan(0);
    for (const rep of info.reports) expect(rep.rpt_status).toBe(2);
    expect(info.drafts).toEqual([]);
  });

  it('a token is no session and no viewer token', async () => {
    const { id, list: mine } = await patient();
    const audited = (await tokenOf(mine, id)).find((x) => x.report_token)!;
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
    const audited = (await tokenOf(mine, id)).find((x) => x.report_token)!;
    const unknown = await call(t.p.app, 'POST', '/report/shared/info', {
      json: { token: 'A'.repeat(43) },
      lang: 'en-US',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('This link has expired or was revoked');
    t.p.deps.now = () => new Date(Date.now() + PATIENT_LOOKUP_LIMIT.tokenTtlS * 1000 + 1000);
    try {
      const late = await call(t.p.app, 'POST', '/report/shared/info', {
        json: { token: audited.report_token },
        lang: 'en-US',
      });
      expect(late.status).toBe(404);
      expect(late.text).toBe(unknown.text);
    } finally {
      t.p.deps.now = undefined;
    }
  });
});
