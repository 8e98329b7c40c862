import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { loginAs } from './api-client';
import { startTestPlatform, type TestPlatform } from './api-platform';
import { uid, type InstanceSpec } from './dicom-builder';

type Who = 'admin' | 'doctor' | 'doctor2' | 'auditor';
const PASSWORDS: Record<Who, string> = {
  admin: 'Admin@123',
  doctor: 'Doctor@123',
  doctor2: 'Doctor@123',
  auditor: 'Audit@123',
};

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (e.isFile()) out.push(path.relative(dir, path.join(e.parentPath, e.name)));
  }
  return out;
}

/**
 * A demo platform for the image tests, its own DATA_DIR (so the file store is the test's alone), report
 * doctors granted upload and image deletion (the demo roles leave both to the super administrator), and
 * sessions of admin, doctor (H001), doctor2 (H002) and auditor (H001, no image deletion). `env`: more
 * settings (OUTBOUND_ALLOW for tests that connect to local peers).
 */
export function useImagePlatform(env: Record<string, string> = {}) {
  const h = {
    p: undefined as unknown as TestPlatform,
    dataDir: '',
    tok: { admin: '', doctor: '', doctor2: '', auditor: '' } as Record<Who, string>,
    /** The first demo study of each hospital (no images of their own). */
    h001Study: '',
    h002Study: '',
    rows: async <T>(q: SQL): Promise<T[]> => ((await h.p.deps.db.execute(q)) as unknown as { rows: T[] }).rows,
    storedFiles: async () =>
      (await filesUnder(path.join(h.dataDir, 'images'))).filter((f) => !f.startsWith('.staging')),
    /** Row counts, stored files and staged files: what an upload may change. */
    state: async () => {
      const count = async (table: string) =>
        Number((await h.rows<{ n: string }>(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
      return {
        instances: await count('instance'),
        series: await count('series'),
        studies: await count('study'),
        reports: await count('report'),
        files: (await h.storedFiles()).length,
        staged: (await filesUnder(path.join(h.dataDir, 'images', '.staging'))).length,
      };
    },
    wado: (q: Record<string, string>, token?: string) =>
      h.p.app.request(`/wado?${new URLSearchParams({ requestType: 'WADO', contentType: 'application/dicom', ...q })}`, {
        headers: { 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
  };
  beforeAll(async () => {
    h.dataDir = await mkdtemp(path.join(os.tmpdir(), 'im-images-'));
    h.p = await startTestPlatform({ ...env, DATA_DIR: h.dataDir });
    await h.p.deps.db.execute(sql`
      insert into role_permission (role_pk, permission_pk)
      select r.pk, pm.pk from role r, permission pm
      where r.code = 'report_doctor' and pm.perms in ('pacsOrder:uploadZip', 'patorder:deleteImage')
      on conflict do nothing`);
    for (const who of Object.keys(PASSWORDS) as Who[]) h.tok[who] = await loginAs(h.p.app, who, PASSWORDS[who]);
    const first = async (code: string) =>
      (
        await h.rows<{ study_iuid: string }>(
          sql`select study_iuid from study where hospital_code = ${code} order by pk limit 1`,
        )
      )[0]!.study_iuid;
    h.h001Study = await first('H001');
    h.h002Study = await first('H002');
  });
  afterAll(async () => {
    await h.p?.close();
    if (h.dataDir) await rm(h.dataDir, { recursive: true, force: true });
  });
  return h;
}

/** A small GB18030 CT instance of study uid(1), series uid(1, 1) unless told otherwise. */
export const ctSpec = (s: Partial<InstanceSpec> & { n: number }): InstanceSpec => ({
  study: uid(1),
  series: uid(1, 1),
  sop: s.sop ?? uid(1, 1, s.n),
  instanceNumber: s.n,
  charset: 'GB18030',
  patientName: '张^三',
  studyDesc: '胸部CT平扫',
  rows: 64,
  cols: 64,
  ...s,
});
