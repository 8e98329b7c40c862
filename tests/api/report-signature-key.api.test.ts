import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import type { ReportDetail } from '@shared/schemas/report';
import type { SignRequestResult, VerifyResult } from '@shared/schemas/report-signature';
import { reportSignedPayload } from '@shared/report/signature';
import { report, reportSignature, study } from '../../server/src/platform/db/schema';
import { startTestAgent, type TestAgent } from '../fixtures/agent';
import { createSoftHsm, type SoftHsm, type SoftToken } from '../fixtures/softhsm';
import { call } from '../support/api-client';
import { useTestPlatform } from '../support/use-test-platform';

/**
 * Issue 37's contract, end to end but the browser: SoftHSM2 as the auditor's USB key, the real agent signing
 * over its HTTP API as the extension or the page would ask it, the platform verifying and keeping the
 * signature, and openssl, which nobody here wrote, verifying the stored signature against the certificate.
 */

// app.request() addresses the app as http://localhost: the origin the binding signature covers.
const ORIGIN = 'http://localhost';
const t = useTestPlatform({ users: ['doctor', 'auditor'] });
let hsm: SoftHsm;
let agent: TestAgent;
let key: SoftToken;
let otherKey: SoftToken;
let pool: StudyRow[] = [];
const work = mkdtempSync(path.join(tmpdir(), 'rx-esign-'));

const post = (user: 'doctor' | 'auditor', p: string, json: unknown) =>
  call(t.p.app, 'POST', p, { token: t.token(user), json, lang: 'en-US' });

async function bindWith(token: SoftToken) {
  const ch = await post('auditor', '/cert/challenge', { purpose: 'bind' });
  const { challenge } = ch.body.data as { challenge: string };
  const signed = await agent.call('/keys/sign', {
    body: { challenge, pin: token.pin, origin: ORIGIN, certificate_id: token.id },
    origin: ORIGIN,
  });
  expect(signed.body.success, signed.body.msg).toBe(true);
  const bound = await post('auditor', '/cert/bind', { challenge, ...(signed.body.data as object) });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
}

beforeAll(async () => {
  hsm = await createSoftHsm();
  key = await hsm.createToken({ label: 'AUDITOR-KEY', kind: 'rsa', pin: '246810', subject: '/CN=Li Auditor/O=H001' });
  otherKey = await hsm.createToken({ label: 'OTHER-KEY', kind: 'ec', pin: '135790', id: 'a1' });
  agent = await startTestAgent({
    softhsmConf: hsm.conf,
    config: { allowedOrigins: [ORIGIN], pkcs11: { module: hsm.module, pollMs: 200 } },
  });
  await bindWith(key);
  const r = await post('doctor', '/api/order/OrderList', { rpt_status: [0], pageSize: 10 });
  pool = (r.body.data as { list: StudyRow[] }).list;
});
afterAll(async () => {
  await agent?.stop();
  await hsm?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

async function savedReport() {
  const s = pool.shift()!;
  const body = {
    study_iuid: s.study_iuid,
    version: 1,
    rpt_good_status: 2,
    study_desc: '头颅CT平扫',
    report_text1: '右侧基底节区见斑片状低密度影，边界模糊。',
    report_text2: '右侧基底节区腔隙性脑梗死。',
  };
  const saved = await post('doctor', '/report/save', body);
  expect(saved.status).toBe(200);
  return { ...body, version: (saved.body.data as ReportDetail).version };
}

async function keySigns(token: SoftToken, document: string) {
  const r = await agent.call('/keys/signReport', {
    body: { document, pin: token.pin, certificate_id: token.id },
    origin: ORIGIN,
  });
  expect(r.body.success, r.body.msg).toBe(true);
  return r.body.data as { signature: string; certificate: string; algorithm: 'RS256' | 'ES256' };
}

async function reportState(study_iuid: string) {
  const [row] = await t.p.deps.db
    .select({ rpt_pk: report.rpt_pk, rpt_status: report.rpt_status, version: report.version })
    .from(report)
    .innerJoin(study, eq(study.pk, report.study_pk))
    .where(eq(study.study_iuid, study_iuid));
  const n = await t.p.deps.db.select().from(reportSignature).where(eq(reportSignature.rpt_pk, row!.rpt_pk));
  return { ...row!, signatures: n.length };
}

describe('an audit signed with the USB key through the agent', () => {
  it('stores a signature openssl verifies against the certificate; a later change of the text shows at /verify', async () => {
    const body = await savedReport();
    const sr = (await post('auditor', '/report/signRequest', body)).body.data as SignRequestResult;
    const signed = await keySigns(key, sr.document);
    const audited = await post('auditor', '/report/audit', { ...body, esign: { signed_at: sr.signed_at, ...signed } });
    expect(audited.status, JSON.stringify(audited.body)).toBe(200);
    const code = (audited.body.data as ReportDetail).esign!.verify_code;

    const [stored] = await t.p.deps.db.select().from(reportSignature).where(eq(reportSignature.verify_code, code));
    writeFileSync(path.join(work, 'cert.der'), Buffer.from(stored!.certificate, 'base64'));
    writeFileSync(path.join(work, 'payload.bin'), await reportSignedPayload(stored!.document));
    writeFileSync(path.join(work, 'sig.bin'), Buffer.from(stored!.signature, 'base64'));
    const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: work, encoding: 'utf8' });
    openssl('x509', '-inform', 'DER', '-in', 'cert.der', '-pubkey', '-noout', '-out', 'pub.pem');
    expect(openssl('dgst', '-sha256', '-verify', 'pub.pem', '-signature', 'sig.bin', 'payload.bin')).toMatch(
      /Verified OK/,
    );
    expect(openssl('x509', '-inform', 'DER', '-in', 'cert.der', '-noout', '-subject')).toMatch(/Li Auditor/);

    const verify = async () =>
      ((await call(t.p.app, 'GET', `/verify/${code}`, { ip: '192.0.2.44' })).body.data as VerifyResult).status;
    expect(await verify()).toBe('valid');
    await t.p.deps.db.update(report).set({ report_text2: '未见明显异常。' }).where(eq(report.rpt_pk, stored!.rpt_pk));
    expect(await verify()).toBe('mismatch');
  });

  it('is refused with nothing committed when the key is not the one bound to the auditor', async () => {
    const body = await savedReport();
    const before = await reportState(body.study_iuid);
    const sr = (await post('auditor', '/report/signRequest', body)).body.data as SignRequestResult;
    const signed = await keySigns(otherKey, sr.document);
    const r = await post('auditor', '/report/audit', { ...body, esign: { signed_at: sr.signed_at, ...signed } });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: 'CERT_NOT_BOUND', msg: expect.stringMatching(/bound to your account/) });
    expect(await reportState(body.study_iuid)).toEqual(before);
  });

  it('the agent signs only report documents there, never a sign-in payload', async () => {
    const r = await agent.call('/keys/signReport', {
      body: { document: JSON.stringify({ challenge: 'x' }), pin: key.pin, certificate_id: key.id },
      origin: ORIGIN,
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, error: 'DOCUMENT_FORMAT' });
  });
});
