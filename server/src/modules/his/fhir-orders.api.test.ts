import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import { and, count, eq } from 'drizzle-orm';
import { Client } from 'fhir-kit-client';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCredentials } from '@shared/schemas/apps';
import { auditLog, device, hisOrder, study } from '../../platform/db/schema';
import { call } from '../../../../tests/support/api-client';
import { worklistNames } from '../../../../tests/support/dcmtk';
import { useTestPlatform } from '../../../../tests/support/use-test-platform';
import { startDicomListener, type DicomListener } from '../dicom';

/**
 * FHIR order entry by an app with its own token: the token from oauth4webapi's client credentials grant,
 * the resources sent and read with fhir-kit-client, every answer checked against the official FHIR R4 JSON
 * schema; the order seen by findscu -W and the worklist call. On PGlite and PostgreSQL.
 */
const t = useTestPlatform({ users: ['admin', 'doctor'] });
const dir = mkdtempSync(path.join(tmpdir(), 'rx-fhir-'));
const insecure = { [oauth.allowInsecureRequests]: true }; // the test server speaks http on loopback
const r4 = new JSONSchemaValidator();
let server: ReturnType<typeof serve>;
let base: URL;
let dicom: DicomListener;
let as: oauth.AuthorizationServer;
let his: AppCredentials;

const DCM = 'http://dicom.nema.org/resources/ontology/DCM';
const V2 = 'http://terminology.hl7.org/CodeSystem/v2-0203';

async function newApp(name: string, hospital: string): Promise<AppCredentials> {
  const r = await call(t.p.app, 'POST', '/app/save', {
    token: t.token('admin'),
    json: { app_name: name, redirect_uris: ['https://his.example/cb'], order_hospital_code: hospital },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as AppCredentials;
}

/** The client credentials grant as oauth4webapi makes it (client_secret_basic). */
async function tokenOf(app: AppCredentials, scope?: string): Promise<string> {
  const res = await oauth.clientCredentialsGrantRequest(
    as,
    { client_id: app.client_id },
    oauth.ClientSecretBasic(app.client_secret),
    new URLSearchParams(scope ? { scope } : {}),
    insecure,
  );
  return (await oauth.processClientCredentialsResponse(as, { client_id: app.client_id }, res)).access_token;
}

const fhir = (token: string) => new Client({ baseUrl: `${base.origin}/fhir`, bearerToken: token });

/** What fhir-kit-client throws for a 4xx: the status and the body. */
async function refusal(
  p: Promise<unknown>,
): Promise<{ status: number; data: { resourceType: string; issue: { code: string; diagnostics: string }[] } }> {
  const e = (await p.then(
    () => null,
    (err: unknown) => err,
  )) as { response?: { status: number; data: unknown } } | null;
  if (!e?.response) throw new Error('not refused');
  expect(r4.validate(e.response.data)).toEqual([]);
  return e.response as never;
}

function serviceRequest(o: { placer: string; status?: string; modality?: string; accession?: string; name?: string }) {
  return {
    resourceType: 'ServiceRequest',
    contained: [
      {
        resourceType: 'Patient',
        id: 'p',
        identifier: [
          { type: { coding: [{ system: V2, code: 'MR' }] }, value: 'F0001' },
          { type: { coding: [{ system: V2, code: 'MC' }] }, value: 'CARD-77' },
        ],
        name: [{ family: '赵', given: ['六'], ...(o.name ? { text: o.name } : {}) }],
        gender: 'female',
        birthDate: '1975-06-01',
        telecom: [{ system: 'phone', value: '13800000001' }],
      },
      {
        resourceType: 'Encounter',
        id: 'e',
        class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'IMP' },
        serviceProvider: { display: '心内科' },
        location: [{ location: { display: '21' } }],
      },
    ],
    identifier: [
      { type: { coding: [{ system: V2, code: 'PLAC' }] }, value: o.placer },
      ...(o.accession ? [{ type: { coding: [{ system: V2, code: 'ACSN' }] }, value: o.accession }] : []),
    ],
    status: o.status ?? 'active',
    intent: 'order',
    category: o.modality === '' ? [] : [{ coding: [{ system: DCM, code: o.modality ?? 'MR' }] }],
    code: { coding: [{ system: 'urn:his:exam', code: 'MR-HEAD', display: '头颅MR平扫' }] },
    subject: { reference: '#p' },
    encounter: { reference: '#e' },
    occurrenceDateTime: '2026-12-01T09:30:00+08:00',
    requester: { display: '钱医生' },
    reasonCode: [{ text: '头痛三天' }],
  };
}

const studyOf = async (accession: string) =>
  (
    await t.p.deps.db
      .select()
      .from(study)
      .where(and(eq(study.hospital_code, 'H001'), eq(study.accession_no, accession)))
  )[0];
const accessionOf = (r: { identifier: { type?: { coding: { code: string }[] }; value: string }[] }) =>
  r.identifier.find((i) => i.type?.coding[0]?.code === 'ACSN')!.value;

beforeAll(async () => {
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.p.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  as = await oauth.processDiscoveryResponse(
    base,
    await oauth.discoveryRequest(base, { algorithm: 'oauth2', ...insecure }),
  );
  his = await newApp('HIS of H001 (FHIR)', 'H001');
  await t.p.deps.db
    .insert(device)
    .values({ name: 'MR by FHIR', aet: 'CT_HL7', ip: '127.0.0.1', port: 104, hospital_code: 'H001' });
  dicom = await startDicomListener(t.p.deps, { port: 0, host: '127.0.0.1', aet: 'RXPACS' });
}, 60_000);

afterAll(async () => {
  await dicom?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('FHIR order entry with an app token (oauth4webapi, fhir-kit-client)', () => {
  it('publishes the grant in the metadata; an app placing no orders is refused the token', async () => {
    expect(as.grant_types_supported).toContain('client_credentials');
    expect(as.scopes_supported).toContain('system/ServiceRequest.write');
    const portal = await newApp('Portal without orders', '');
    await expect(tokenOf(portal)).rejects.toMatchObject({ error: 'unauthorized_client' });
    await expect(tokenOf(his, 'pacs.read')).rejects.toMatchObject({ error: 'invalid_scope' });
    const capability = (await fhir('').capabilityStatement()) as unknown as { fhirVersion: string };
    expect(capability.fhirVersion).toBe('4.0.1');
    // The published schema is that of R4's first release, whose version list ends at 4.0.0; 4.0.1 (the
    // technical correction) has the same structure.
    expect(r4.validate({ ...capability, fhirVersion: '4.0.0' })).toEqual([]);
  });

  it('a ServiceRequest places the order (201): in the worklist call and findscu -W at once, audited as the app', async () => {
    const client = fhir(await tokenOf(his));
    const created = (await client.create({
      resourceType: 'ServiceRequest',
      body: serviceRequest({ placer: 'F-1' }),
    })) as never;
    expect(r4.validate(created)).toEqual([]);
    expect(Client.httpFor(created).response?.status).toBe(201);
    const accession = accessionOf(created);
    expect(accession).toMatch(/^H\d{8}\d{6}$/);
    expect(created).toMatchObject({ status: 'active', subject: { display: '赵六' } });
    const s = await studyOf(accession);
    expect(s).toMatchObject({
      patient_id: 'F0001',
      patient_name: '赵六',
      patient_sex: 'F',
      card_no: 'CARD-77',
      patient_type: 2,
      department: '心内科',
      bed_no: '21',
      modality: 'MR',
      study_desc: '头颅MR平扫',
      sq_doctor: '钱医生',
      diagnosis: '头痛三天',
      is_del: 0,
    });
    expect(s!.study_datetime).toEqual(new Date('2026-12-01T01:30:00Z'));
    expect(await worklistNames(dicom.port, accession, dir)).toEqual(['赵六']);
    const list = await call(t.p.app, 'POST', '/api/order/OrderList', {
      token: t.token('doctor'),
      json: { accession_no: accession, pageNumber: 1, pageSize: 20 },
    });
    expect((list.body.data as { list: { accession_no: string }[] }).list.map((r) => r.accession_no)).toEqual([
      accession,
    ]);
    const [trail] = await t.p.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'his.order_new'), eq(auditLog.target, `study:${s!.pk}`)));
    expect(trail).toMatchObject({ username: 'app:HIS of H001 (FHIR)', user_pk: null });
    // read back as held
    const read = await client.read({ resourceType: 'ServiceRequest', id: (created as { id: string }).id });
    expect(r4.validate(read)).toEqual([]);
    expect(accessionOf(read as never)).toBe(accession);
  });

  it('the same placer again changes the order (200); revoked cancels it into the recycle bin and off findscu -W', async () => {
    const client = fhir(await tokenOf(his));
    const body = serviceRequest({ placer: 'F-2', accession: 'ACC-F2' });
    await client.create({ resourceType: 'ServiceRequest', body });
    const changed = await client.create({
      resourceType: 'ServiceRequest',
      body: { ...body, category: [{ coding: [{ system: DCM, code: 'CT' }] }] },
    });
    expect(Client.httpFor(changed).response?.status).toBe(200);
    expect(await studyOf('ACC-F2')).toMatchObject({ modality: 'CT', is_del: 0 });
    const revoked = await client.create({ resourceType: 'ServiceRequest', body: { ...body, status: 'revoked' } });
    expect(revoked).toMatchObject({ status: 'revoked' });
    expect(await studyOf('ACC-F2')).toMatchObject({ is_del: 1, deleted_by: 'app:HIS of H001 (FHIR)' });
    expect(await worklistNames(dicom.port, 'ACC-F2', dir)).toEqual([]);
  });

  it('a malformed or refused ServiceRequest answers an OperationOutcome and writes nothing', async () => {
    const client = fhir(await tokenOf(his));
    await client.create({
      resourceType: 'ServiceRequest',
      body: serviceRequest({ placer: 'F-4', accession: 'ACC-F4' }),
    });
    const studies = await t.p.deps.db.select({ n: count() }).from(study);
    const orders = await t.p.deps.db.select({ n: count() }).from(hisOrder);
    const noModality = await refusal(
      client.create({ resourceType: 'ServiceRequest', body: serviceRequest({ placer: 'F-3', modality: '' }) }),
    );
    expect(noModality.status).toBe(400);
    expect(noModality.data.issue[0]).toMatchObject({
      code: 'required',
      diagnostics: expect.stringContaining('modality'),
    });
    const badStatus = await refusal(
      client.create({
        resourceType: 'ServiceRequest',
        body: { ...serviceRequest({ placer: 'F-3' }), status: 'planned' },
      }),
    );
    expect(badStatus.status).toBe(400);
    expect(badStatus.data.issue[0]).toMatchObject({ code: 'invalid', expression: ['status'] });
    const noPatient = await refusal(
      client.create({
        resourceType: 'ServiceRequest',
        body: { ...serviceRequest({ placer: 'F-3' }), subject: { reference: 'Patient/9' } },
      }),
    );
    expect(noPatient.data.issue[0]!.diagnostics).toContain('contained Patient');
    const taken = await refusal(
      client.create({ resourceType: 'ServiceRequest', body: serviceRequest({ placer: 'F-3', accession: 'ACC-F4' }) }),
    );
    expect(taken.status).toBe(422);
    expect(taken.data.issue[0]).toMatchObject({
      code: 'business-rule',
      diagnostics: expect.stringContaining('ACC-F4'),
    });
    expect(await t.p.deps.db.select({ n: count() }).from(study)).toEqual(studies);
    expect(await t.p.deps.db.select({ n: count() }).from(hisOrder)).toEqual(orders);
  });
});

describe('who may place orders', () => {
  it("a user's session token is not an app's: 401 OperationOutcome with the Bearer challenge", async () => {
    const res = await fetch(new URL('/fhir/ServiceRequest', base), {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token('admin')}`, 'content-type': 'application/fhir+json' },
      body: JSON.stringify(serviceRequest({ placer: 'F-5' })),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    const body = (await res.json()) as { issue: { code: string }[] };
    expect(r4.validate(body)).toEqual([]);
    expect(body.issue[0]!.code).toBe('login');
  });

  it('the scope is held to: a Patient-only token places no order (403), and updates the patient', async () => {
    const client = fhir(await tokenOf(his, 'system/Patient.write'));
    const refused = await refusal(
      client.create({ resourceType: 'ServiceRequest', body: serviceRequest({ placer: 'F-6' }) }),
    );
    expect(refused.status).toBe(403);
    expect(refused.data.issue[0]!.diagnostics).toContain('system/ServiceRequest.write');
    const patient = {
      ...serviceRequest({ placer: 'x' }).contained[0]!,
      resourceType: 'Patient',
      name: [{ text: '赵六一' }],
    };
    const answer = (await client.create({ resourceType: 'Patient', body: patient })) as unknown as {
      issue: { diagnostics: string }[];
    };
    expect(r4.validate(answer)).toEqual([]);
    expect(answer.issue[0]!.diagnostics).toMatch(/^patient F0001: [1-9]\d* studies updated$/);
    expect(await studyOf('ACC-F4')).toMatchObject({ patient_name: '赵六一' });
  });

  it("another app of the hospital can neither read nor cancel this app's order", async () => {
    const other = fhir(await tokenOf(await newApp('EMR of H001', 'H001')));
    const [order] = await t.p.deps.db.select().from(hisOrder).where(eq(hisOrder.placer_no, 'F-4'));
    expect((await refusal(other.read({ resourceType: 'ServiceRequest', id: String(order!.pk) }))).status).toBe(404);
    const cancel = await refusal(
      other.create({
        resourceType: 'ServiceRequest',
        body: { ...serviceRequest({ placer: 'F-4' }), status: 'revoked' },
      }),
    );
    expect(cancel.status).toBe(422);
    expect(cancel.data.issue[0]!.diagnostics).toContain('another system');
    expect(await studyOf('ACC-F4')).toMatchObject({ is_del: 0 });
  });

  it('an app taken off order entry loses it at once, its live token too (403)', async () => {
    const app = await newApp('Clinic HIS', 'H001');
    const client = fhir(await tokenOf(app));
    const row = { pk: app.pk, app_name: 'Clinic HIS', redirect_uris: ['https://his.example/cb'] };
    const edit = await call(t.p.app, 'POST', '/app/edit', {
      token: t.token('admin'),
      json: { pk: row.pk, app_name: row.app_name, redirect_uris: row.redirect_uris, order_hospital_code: '' },
    });
    expect(edit.status).toBe(200);
    const refused = await refusal(
      client.create({ resourceType: 'ServiceRequest', body: serviceRequest({ placer: 'F-7' }) }),
    );
    expect(refused.status).toBe(403);
    // a hospital that does not exist is refused at registration
    const bad = await call(t.p.app, 'POST', '/app/edit', {
      token: t.token('admin'),
      json: { pk: row.pk, app_name: row.app_name, redirect_uris: row.redirect_uris, order_hospital_code: 'NOPE' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'order_hospital_code', msg: expect.any(String) }]);
  });
});
