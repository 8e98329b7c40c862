import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportDetail, ReportInfo } from '@shared/schemas/report';
import type { SignRequestResult, VerifyResult } from '@shared/schemas/report-signature';
import { REPORT_SIGNATURE_CONTEXT, reportSignedPayload } from '@shared/report/signature';
import {
  hospital,
  permission,
  report,
  reportSignature,
  role,
  rolePermission,
  study,
  sysUser,
} from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import type { DemoUser } from '../../../../tests/support/demo-logins';
import { certFactory, type TestCert } from '../../../../tests/support/test-certs';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { parseCertificate } from '../cert';

const t = useTestPlatform({ users: ['doctor', 'auditor', 'admin'] });
const certs = certFactory();
let pool: StudyRow[] = [];
let auditorCert: TestCert;

const req = (user: DemoUser, path: string, json: unknown, lang?: string) =>
  call(t.p.app, 'POST', path, { token: t.token(user), json, lang });
const bindTo = (username: string, c: TestCert | null) =>
  t.p.deps.db
    .update(sysUser)
    .set({ usb_key: c ? parseCertificate(c.der).fingerprint : '' })
    .where(eq(sysUser.username, username));
const setEsign = (mode: number) => t.p.deps.db.update(hospital).set({ esign: mode }).where(eq(hospital.code, 'H001'));

beforeAll(async () => {
  const r = await req('doctor', '/api/order/OrderList', { rpt_status: [0], pageSize: 50 });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  pool = (r.body.data as { list: StudyRow[] }).list;
  auditorCert = certs.make('rsa', -1, 365);
  await bindTo('auditor', auditorCert);
});
afterAll(() => certs.cleanup());

const texts = {
  rpt_good_status: 1,
  study_desc: '胸部CT平扫',
  report_text1: '双肺纹理清晰，未见明显实变影。',
  report_text2: '胸部CT平扫未见明显异常。',
};

/** A fresh study with the doctor's saved report: the body an audit sends. */
async function savedReport() {
  const s = pool.shift();
  if (!s) throw new Error('out of fresh studies');
  const saved = await req('doctor', '/report/save', { study_iuid: s.study_iuid, version: 1, ...texts });
  expect(saved.status).toBe(200);
  return { study_iuid: s.study_iuid, version: (saved.body.data as ReportDetail).version, ...texts };
}

async function signRequest(body: Record<string, unknown>, user: DemoUser = 'auditor') {
  const r = await req(user, '/report/signRequest', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as SignRequestResult;
}

async function esignOf(c: TestCert, sr: SignRequestResult) {
  return {
    signed_at: sr.signed_at,
    signature: c.signData(await reportSignedPayload(sr.document)),
    certificate: c.der,
    algorithm: c.algorithm,
  };
}

async function stateOf(study_iuid: string) {
  const [row] = await t.p.deps.db
    .select({ rpt_status: report.rpt_status, version: report.version, rpt_pk: report.rpt_pk })
    .from(report)
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(eq(study.study_iuid, study_iuid));
  const sigs = await t.p.deps.db.select().from(reportSignature).where(eq(reportSignature.rpt_pk, row!.rpt_pk));
  return { ...row!, signatures: sigs.length };
}

const verify = (code: string, lang?: string) => call(t.p.app, 'GET', `/verify/${code}`, { lang, ip: '198.51.100.7' });

describe('a signed audit', () => {
  it('signs the canonical document of exactly this write and keeps signature, certificate and code', async () => {
    const body = await savedReport();
    const sr = await signRequest(body);
    const doc = JSON.parse(sr.document);
    expect(doc).toMatchObject({
      context: REPORT_SIGNATURE_CONTEXT,
      role: 'audit',
      signed_at: sr.signed_at,
      study: { study_iuid: body.study_iuid },
      report: { base_version: body.version, report_text1: texts.report_text1, report_text2: texts.report_text2 },
      signer: { username: 'auditor', certificate_sha256: parseCertificate(auditorCert.der).fingerprint },
    });
    const r = await req('auditor', '/report/audit', { ...body, esign: await esignOf(auditorCert, sr) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const detail = r.body.data as ReportDetail;
    expect(detail.rpt_status).toBe(2);
    expect(detail.esign?.verify_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    const [row] = await t.p.deps.db
      .select()
      .from(reportSignature)
      .where(eq(reportSignature.verify_code, detail.esign!.verify_code));
    expect(row).toMatchObject({ role: 'audit', username: 'auditor', document: sr.document, algorithm: 'RS256' });
    // The audit's time is the signed one.
    const [rep] = await t.p.deps.db.select().from(report).where(eq(report.rpt_pk, row!.rpt_pk));
    expect(rep!.sh_datetime!.toISOString()).toBe(sr.signed_at);
    const v = await verify(detail.esign!.verify_code);
    expect(v.status).toBe(200);
    expect(v.body.data as VerifyResult).toMatchObject({
      status: 'valid',
      role: 'audit',
      signer_name: expect.any(String),
    });
    expect((v.body.data as VerifyResult).study.patient_name).toMatch(/^.\*+$/u);
    // The report screen shows the signature of the standing audit.
    const info = (await req('auditor', '/report/info', { study_iuid: body.study_iuid })).body.data as ReportInfo;
    expect(info.reports[0]!.esign?.verify_code).toBe(detail.esign!.verify_code);
  });

  it('verifies as no longer matching once the text is changed behind the platform, and withdrawn once cancelled', async () => {
    const body = await savedReport();
    const sr = await signRequest(body);
    const r = await req('auditor', '/report/audit', { ...body, esign: await esignOf(auditorCert, sr) });
    const detail = r.body.data as ReportDetail;
    const code = detail.esign!.verify_code;
    const { rpt_pk } = await stateOf(body.study_iuid);
    await t.p.deps.db.update(report).set({ report_text2: '胸部CT平扫：右肺结节。' }).where(eq(report.rpt_pk, rpt_pk));
    expect(((await verify(code)).body.data as VerifyResult).status).toBe('mismatch');
    await t.p.deps.db.update(report).set({ report_text2: texts.report_text2 }).where(eq(report.rpt_pk, rpt_pk));
    expect(((await verify(code)).body.data as VerifyResult).status).toBe('valid');
    const cancel = await req('auditor', '/report/cancelAudit', {
      study_iuid: body.study_iuid,
      version: detail.version,
    });
    expect(cancel.status).toBe(200);
    expect(((await verify(code)).body.data as VerifyResult).status).toBe('withdrawn');
  });

  it('refuses, writing nothing, a signature over other text, by a certificate not bound, expired or not for signing', async () => {
    const body = await savedReport();
    const before = await stateOf(body.study_iuid);
    const sr = await signRequest(body);
    const refused = async (json: unknown, status: number, error: string) => {
      const r = await req('auditor', '/report/audit', json, 'en-US');
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body).toMatchObject({ success: false, error });
      expect(await stateOf(body.study_iuid)).toEqual(before);
    };
    // Signed one text, sends another.
    await refused({ ...body, report_text2: '已修改', esign: await esignOf(auditorCert, sr) }, 400, 'SIGNATURE_INVALID');
    // A key whose certificate is not the auditor's.
    const other = certs.make('rsa', -1, 365);
    await refused({ ...body, esign: await esignOf(other, sr) }, 403, 'CERT_NOT_BOUND');
    // Too old a document.
    const old = { ...sr, signed_at: new Date(Date.now() - 11 * 60_000).toISOString() };
    await refused({ ...body, esign: await esignOf(auditorCert, old) }, 400, 'ESIGN_STALE');
    // The bound certificate expired yesterday.
    const expired = certs.make('rsa', -30, -1);
    await bindTo('auditor', expired);
    try {
      const srE = await signRequest(body);
      await refused({ ...body, esign: await esignOf(expired, srE) }, 400, 'CERT_EXPIRED');
      // An encryption-only certificate.
      const encOnly = certs.make('ec', -1, 365, new Date(), 'critical,keyEncipherment');
      await bindTo('auditor', encOnly);
      const srK = await signRequest(body);
      await refused({ ...body, esign: await esignOf(encOnly, srK) }, 400, 'CERT_KEY_USAGE');
    } finally {
      await bindTo('auditor', auditorCert);
    }
  });

  it('is required for every audit at a hospital whose setting says so; an unsigned one writes nothing', async () => {
    const body = await savedReport();
    const before = await stateOf(body.study_iuid);
    await setEsign(2);
    try {
      const r = await req('auditor', '/report/audit', body, 'en-US');
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ error: 'ESIGN_REQUIRED', msg: expect.stringMatching(/USB key/) });
      expect(await stateOf(body.study_iuid)).toEqual(before);
      const sr = await signRequest(body);
      const ok = await req('auditor', '/report/audit', { ...body, esign: await esignOf(auditorCert, sr) });
      expect(ok.status).toBe(200);
      expect(await stateOf(body.study_iuid)).toMatchObject({ rpt_status: 2, signatures: 1 });
    } finally {
      await setEsign(0);
    }
  });

  it('needs a bound certificate to ask for a document, and the audit permission to ask for an audit document', async () => {
    const body = await savedReport();
    const none = await req('doctor', '/report/signRequest', { ...body, role: 'report' }, 'en-US');
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ error: 'CERT_NOT_BOUND' });
    const audit = await req('doctor', '/report/signRequest', { ...body, role: 'audit' });
    expect(audit.status).toBe(403);
  });

  it('lets the report doctor sign at save (role report)', async () => {
    const doctorCert = certs.make('ec', -1, 365);
    await bindTo('doctor', doctorCert);
    try {
      const s = pool.shift()!;
      const body = { study_iuid: s.study_iuid, version: 1, ...texts };
      const sr = await signRequest({ ...body, role: 'report' }, 'doctor');
      expect(JSON.parse(sr.document)).toMatchObject({ role: 'report' });
      const r = await req('doctor', '/report/save', { ...body, esign: await esignOf(doctorCert, sr) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const code = (r.body.data as ReportDetail).esign!.verify_code;
      expect((await verify(code)).body.data as VerifyResult).toMatchObject({ status: 'valid', role: 'report' });
    } finally {
      await bindTo('doctor', null);
    }
  });
});

describe('who may ask for a document', () => {
  it('an auditor whose role cannot save may still sign an audit; a save’s document needs the save permission', async () => {
    const body = await savedReport();
    const [auditRole] = await t.p.deps.db.select().from(role).where(eq(role.code, 'audit_doctor'));
    const [save] = await t.p.deps.db.select().from(permission).where(eq(permission.key, 'saveOrder'));
    const grant = { role_pk: auditRole!.pk, permission_pk: save!.pk };
    const held = await t.p.deps.db
      .delete(rolePermission)
      .where(and(eq(rolePermission.role_pk, grant.role_pk), eq(rolePermission.permission_pk, grant.permission_pk)))
      .returning();
    try {
      expect(held).toHaveLength(1);
      expect((await req('auditor', '/report/signRequest', body)).status).toBe(200);
      expect((await req('auditor', '/report/signRequest', { ...body, role: 'report' })).status).toBe(403);
    } finally {
      await t.p.deps.db.insert(rolePermission).values(grant);
    }
  });
});

describe('the certificate’s life', () => {
  it('warns at 60 days left, refuses one not valid yet, and keeps old signatures verifiable after unbinding', async () => {
    const ending = certs.make('rsa', -300, 60);
    await bindTo('auditor', ending);
    try {
      const body = await savedReport();
      const sr = await signRequest(body);
      const r = await req('auditor', '/report/audit', { ...body, esign: await esignOf(ending, sr) }, 'en-US');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const esign = (r.body.data as ReportDetail).esign!;
      expect(esign.warning).toMatch(/expires in 60 days/);

      const later = certs.make('ec', 2, 365);
      await bindTo('auditor', later);
      const body2 = await savedReport();
      const before = await stateOf(body2.study_iuid);
      const sr2 = await signRequest(body2);
      const refused = await req('auditor', '/report/audit', { ...body2, esign: await esignOf(later, sr2) });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'CERT_NOT_YET_VALID' });
      expect(await stateOf(body2.study_iuid)).toEqual(before);

      // The auditor unbinds the key: what it signed stays verifiable.
      await bindTo('auditor', null);
      expect(((await verify(esign.verify_code)).body.data as VerifyResult).status).toBe('valid');
    } finally {
      await bindTo('auditor', auditorCert);
    }
  });
});

describe('GET /verify/{code}', () => {
  it('answers an unknown code 404 and a malformed one 400, in the caller’s language', async () => {
    const unknown = await call(t.p.app, 'GET', '/verify/0000-0000-0000-0000', { lang: 'en-US', ip: '198.51.100.8' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      success: false,
      error: 'VERIFY_NOT_FOUND',
      msg: expect.stringMatching(/code/),
    });
    const bad = await call(t.p.app, 'GET', '/verify/abc', { lang: 'zh-CN', ip: '198.51.100.8' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/验证码/);
  });

  it('limits each address to 20 checks a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await call(t.p.app, 'GET', '/verify/0000-0000-0000-0001', { ip: '203.0.113.9' })).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not held back.
    expect((await call(t.p.app, 'GET', '/verify/0000-0000-0000-0001', { ip: '203.0.113.10' })).status).toBe(404);
  });
});
