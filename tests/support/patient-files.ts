import { sql } from 'drizzle-orm';
import type { App } from '../../server/src/app';

/** Helpers of the patient file API tests (server/src/modules/patient-file). */
export const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** The first bytes of an MP4 (an ftyp box) and of a WebM (EBML header, DocType webm), then filler. */
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'),
  Buffer.alloc(1000, 7),
]);
export const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
  Buffer.from('webm', 'latin1'),
  Buffer.alloc(500, 3),
]);

export interface Answer {
  status: number;
  headers: Headers;
  json: { success?: boolean; msg?: string; data?: unknown; errors?: { field: string; msg: string }[] };
}

/** A multipart POST as the browser sends it. */
export async function postForm(
  app: App,
  path: string,
  o: { token?: string; lang?: string; fields?: Record<string, string>; file?: { name: string; data: Buffer } },
): Promise<Answer> {
  const form = new FormData();
  for (const [k, v] of Object.entries(o.fields ?? {})) form.set(k, v);
  if (o.file) form.set('file', new Blob([new Uint8Array(o.file.data)]), o.file.name);
  const res = await app.request(path, {
    method: 'POST',
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), 'accept-language': o.lang ?? 'en-US' },
    body: form,
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Answer['json'] };
}

/** Makes every insert into patient_file fail (a database that refuses the row), until undone. */
export async function failPatientFileInserts(exec: (q: ReturnType<typeof sql>) => Promise<unknown>) {
  await exec(sql`create or replace function patient_file_refuse() returns trigger language plpgsql as $$
    begin raise exception 'refused for the test'; end $$`);
  await exec(sql`create trigger patient_file_refuse before insert on patient_file
    for each row execute function patient_file_refuse()`);
  return async () => {
    await exec(sql`drop trigger patient_file_refuse on patient_file`);
    await exec(sql`drop function patient_file_refuse()`);
  };
}
