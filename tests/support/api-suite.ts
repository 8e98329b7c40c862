import { sql } from 'drizzle-orm';
import type { App } from '../../server/src/app';
import { hisOrder, hl7Peer } from '../../server/src/platform/db/schema';
import { DEMO_USERS } from '../../server/src/platform/db/seed/demo';
import { loginAs } from './api-client';
import { DEMO_PASSWORDS } from './demo-logins';
import { startTestPlatform, type TestPlatform } from './api-platform';

/**
 * What the standing API suites share: a demo platform, a session per demo user, one study per hospital,
 * values that address a hospital's data ($study, $otherStudy, ...) and a raw request sender.
 */
export const ROLES = ['anonymous', 'admin', 'doctor', 'auditor', 'register', 'doctor2', 'hadmin', 'allcodes'] as const;
export type Role = (typeof ROLES)[number];
type Hospital = 'H001' | 'H002';

/**
 * `allcodes`: a user of H002 whose role (one every hospital shares, made by the super administrator) holds
 * every permission code, the way a delegated administration could be set up: installation-wide routes and
 * H001's data must stay out of their reach (issue 32).
 */
const ALLCODES = { username: 'allcodes', password: 'Allcodes@123', hospital: 'H002' } as const;

const PASSWORDS: Record<string, string> = { ...DEMO_PASSWORDS, [ALLCODES.username]: ALLCODES.password };
const HOSPITAL: Record<string, Hospital> = {
  ...Object.fromEntries(DEMO_USERS.map((u) => [u.username, u.hospital])),
  [ALLCODES.username]: ALLCODES.hospital,
};

/** The shared role holding every permission of the tree, and the H002 user holding it. */
async function addAllCodesUser(p: TestPlatform, adminToken: string): Promise<void> {
  const post = async (path: string, json: unknown) => {
    const r = await p.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    const body = (await r.json()) as { data?: { pk: number }; msg?: string };
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${body.msg}`);
    return body.data;
  };
  const role = await post('/role/save', { code: 'every_code', name: '全部权限' });
  const keys = (await p.deps.db.execute(sql`select key from permission`)) as { rows: { key: string }[] };
  await post('/role/savePermissions', { role_pk: role!.pk, keys: keys.rows.map((r) => r.key) });
  await post('/user/save', {
    username: ALLCODES.username,
    ch_name: '全部权限',
    password: ALLCODES.password,
    hospital_code: ALLCODES.hospital,
    role_pk: role!.pk,
  });
}

export interface HospitalData {
  study: string;
  studyPk: number;
  /** A knowledge node (a user template) of a doctor of this hospital, made by the suite. */
  node?: number;
  /** A doctor of this hospital (sys_user.pk), for the user administration routes to name. */
  user: number;
  /** A DICOM device of this hospital (device.pk). */
  device: number;
  /** An HIS interface of this hospital (hl7_peer.pk) and an order it placed (his_order.pk), made by the suite. */
  hl7Peer: number;
  hisOrder: number;
}

export interface Suite {
  p: TestPlatform;
  tokens: Partial<Record<Role, string>>;
  data: Record<Hospital, HospitalData>;
}

async function firstStudy(p: TestPlatform, code: Hospital): Promise<HospitalData> {
  const r = (await p.deps.db.execute(
    sql`select study_iuid, pk from study where hospital_code = ${code} and is_del = 0 order by pk limit 1`,
  )) as { rows: { study_iuid: string; pk: number | string }[] };
  const row = r.rows[0];
  if (!row) throw new Error(`no demo study of ${code}`);
  const u = (await p.deps.db.execute(
    sql`select pk from sys_user where hospital_code = ${code} and username like 'doctor%' order by pk limit 1`,
  )) as { rows: { pk: number | string }[] };
  const d = (await p.deps.db.execute(sql`select pk from device where hospital_code = ${code} order by pk limit 1`)) as {
    rows: { pk: number | string }[];
  };
  const [peer] = await p.deps.db
    .insert(hl7Peer)
    .values({ name: `Suite HIS ${code}`, hospital_code: code, address: '127.0.0.1' })
    .returning({ pk: hl7Peer.pk });
  const [order] = await p.deps.db
    .insert(hisOrder)
    .values({
      hospital_code: code,
      source: 'hl7',
      peer_pk: peer!.pk,
      placer_no: `SUITE-${code}`,
      study_pk: Number(row.pk),
    })
    .returning({ pk: hisOrder.pk });
  return {
    study: row.study_iuid,
    studyPk: Number(row.pk),
    user: Number(u.rows[0]?.pk ?? 0),
    device: Number(d.rows[0]?.pk ?? 0),
    hl7Peer: peer!.pk,
    hisOrder: order!.pk,
  };
}

export async function startSuite(): Promise<Suite> {
  const p = await startTestPlatform();
  // Calls that contact a device (test connection, forwarding) must not leave the machine: the demo devices
  // point at this host's discard port, where nothing listens (connection refused at once).
  await p.deps.db.execute(sql`update device set ip = '127.0.0.1', port = 9`);
  const tokens: Suite['tokens'] = { admin: await loginAs(p.app, 'admin', PASSWORDS.admin!) };
  await addAllCodesUser(p, tokens.admin!);
  for (const role of ROLES) if (role !== 'anonymous') tokens[role] ??= await loginAs(p.app, role, PASSWORDS[role]!);
  const data = { H001: await firstStudy(p, 'H001'), H002: await firstStudy(p, 'H002') };
  return { p, tokens, data };
}

/** The role's session for a call; signing out would end the shared one, so it gets a session of its own. */
export async function tokenFor(s: Suite, key: string, role: Role): Promise<string | undefined> {
  if (key !== 'POST /user/logout' || role === 'anonymous') return s.tokens[role];
  return loginAs(s.p.app, role, PASSWORDS[role]!);
}

/** The hospital whose data a role counts as its own (the super administrator has none: H001 stands in). */
export const hospitalOf = (role: Role): Hospital => HOSPITAL[role] ?? 'H001';
export const isSuper = (role: Role) => role === 'admin';

/** The placeholders of a role: its own hospital's data, and the other hospital's as $other*. */
export function variables(s: Suite, role: Role): Record<string, unknown> {
  const own = hospitalOf(role);
  const other: Hospital = own === 'H001' ? 'H002' : 'H001';
  return {
    $study: s.data[own].study,
    $sn: own,
    $password: PASSWORDS[role] ?? 'none',
    $otherStudy: s.data[other].study,
    $otherSn: other,
    $otherNode: s.data[other].node ?? 0,
    $otherUser: s.data[other].user,
    $otherDevice: s.data[other].device,
    $otherHlPeer: s.data[other].hl7Peer,
    $otherHisOrder: s.data[other].hisOrder,
  };
}

/** Values by field name that address the role's own data, so a generated body differs from a valid call in one place. */
export function fieldValues(s: Suite, role: Role): Record<string, unknown> {
  const v = variables(s, role);
  const signedIn = role !== 'anonymous';
  return {
    study_iuid: v.$study,
    sn: v.$sn,
    hospital_code: v.$sn,
    username: signedIn ? role : 'register',
    password: signedIn ? v.$password : PASSWORDS.register,
    old_password: v.$password,
    // one of them is required (history), a whitelisted pair (duplicate check), a save's required judgement
    patient_id: 'P1',
    tableName: 'sys_user',
    fieldName: 'username',
    rpt_good_status: 1,
  };
}

/** Replaces "$name" strings by their value and "$name" inside longer strings by its text. */
export function fill(value: unknown, vars: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    if (value in vars) return vars[value];
    return value.replace(/\$[A-Za-z]+/g, (m) => (m in vars ? String(vars[m]) : m));
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars)]));
  }
  return value;
}

export interface RawAnswer {
  status: number;
  type: string;
  text: string;
  json: Record<string, unknown> | undefined;
}

/** One request, its body and query given as they go on the wire. */
export async function send(
  app: App,
  method: string,
  path: string,
  o: {
    token?: string | undefined;
    query?: string | undefined;
    body?: { type: string; data: string | Uint8Array<ArrayBuffer> | FormData };
  },
): Promise<RawAnswer> {
  const headers: Record<string, string> = { 'accept-language': 'en-US' };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.body && !(o.body.data instanceof FormData)) headers['content-type'] = o.body.type;
  const res = await app.request(o.query ? `${path}?${o.query}` : path, { method, headers, body: o.body?.data });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let json: Record<string, unknown> | undefined;
  try {
    json = type.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, type, text, json };
}

/** What is wrong with a FHIR answer, or null. */
function fhirProblem(r: RawAnswer): string | null {
  const j = r.json as { resourceType?: unknown; issue?: unknown } | undefined;
  if (!j || typeof j.resourceType !== 'string') return 'not a FHIR resource';
  if (r.status >= 400 && (j.resourceType !== 'OperationOutcome' || !Array.isArray(j.issue) || !j.issue.length))
    return 'a FHIR refusal without an OperationOutcome';
  return null;
}

/** What is wrong with an answer's envelope, or null: refusals are JSON envelopes, successes JSON or a file. */
export function envelopeProblem(r: RawAnswer): string | null {
  if (r.status >= 500) return `status ${r.status}: ${r.text.slice(0, 200)}`;
  // DICOMweb answers in the DICOM JSON model (PS3.18 F.2), not the envelope; its refusals are the envelope.
  if (r.status < 300 && r.type.startsWith('application/dicom+json')) return null;
  // FHIR answers in FHIR (R4 3.1.0.4): the resource, and every refusal an OperationOutcome with its issues.
  if (r.type.startsWith('application/fhir+json')) return fhirProblem(r);
  if (!r.json) return r.status < 300 && r.type && !r.type.includes('json') ? null : `not JSON: ${r.type}`;
  const j = r.json;
  if (typeof j.success !== 'boolean' || typeof j.msg !== 'string' || !('data' in j)) return 'not the envelope';
  if (r.status >= 400 && (j.success || typeof j.code !== 'number' || typeof j.error !== 'string')) {
    return 'refusal without success:false, code and error';
  }
  return null;
}
