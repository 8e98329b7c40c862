import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import type { PatientFile } from '@shared/schemas/patient-files';
import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { patientFile } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import { auditChange } from '../../platform/audit';
import type { FileType } from './file-type';

export type FileKind = 'file' | 'video';
type Row = typeof patientFile.$inferSelect;

/** A file name as shown: its last path part, without control characters, at most 255 characters. */
export function displayFileName(name: string, fallback: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  return [...(base || fallback)].slice(0, 255).join('');
}

const toWire = (r: Row, me: AuthUser): PatientFile => ({
  pk: r.pk,
  kind: r.kind as FileKind,
  name: r.name,
  type: r.type,
  size_bytes: Number(r.size_bytes),
  create_user: r.create_user,
  create_time: r.create_time.toISOString(),
  can_delete: r.kind === 'file' && (me.isSuper || r.create_user_pk === me.pk),
});

/**
 * Stores a patient file: the bytes first (under a fresh key), then its row and audit row in one
 * transaction. A failed put leaves no row; a failed transaction removes the bytes it put: no half.
 */
export async function addPatientFile(
  deps: AppDeps,
  me: AuthUser,
  o: {
    studyPk: number;
    studyIuid: string;
    kind: FileKind;
    name: string;
    type: FileType;
    body: Buffer | Readable;
    size: number;
    ip: string;
  },
): Promise<PatientFile> {
  const key = `files/${o.studyIuid}/${randomBytes(16).toString('hex')}.${o.type.ext}`;
  if (!(await deps.images.put(key, o.body))) throw new Error('patient file key taken');
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [r] = await tx
        .insert(patientFile)
        .values({
          study_pk: o.studyPk,
          kind: o.kind,
          name: o.name,
          type: o.type.mime,
          size_bytes: o.size,
          storage_key: key,
          create_user_pk: me.pk,
          create_user: me.name.slice(0, 64),
        })
        .returning();
      await auditChange(tx, me, {
        action: o.kind === 'video' ? 'patient_file.video_upload' : 'patient_file.upload',
        target: `study:${o.studyPk}`,
        before: null,
        after: { pk: r!.pk, kind: o.kind, name: o.name, type: o.type.mime, size_bytes: o.size },
        ip: o.ip,
      });
      return r!;
    });
    return toWire(row, me);
  } catch (err) {
    await deps.images.remove(key).catch(() => undefined);
    throw err;
  }
}

/** A study's live files of one kind, oldest first. */
export async function listPatientFiles(db: Db, me: AuthUser, studyPk: number, kind: FileKind) {
  const rows = await db
    .select()
    .from(patientFile)
    .where(and(eq(patientFile.study_pk, studyPk), eq(patientFile.kind, kind), eq(patientFile.is_del, 0)))
    .orderBy(asc(patientFile.create_time), asc(patientFile.pk));
  return rows.map((r) => toWire(r, me));
}

/** A live file by pk (any kind), or null. */
export async function findPatientFile(db: Db, pk: number): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(patientFile)
    .where(and(eq(patientFile.pk, pk), eq(patientFile.is_del, 0)));
  return row ?? null;
}

/**
 * Deletes an attachment (the is_del flag; the bytes stay, as with images): the super administrator any,
 * others only their own. Audited with the row before and after.
 */
export async function deletePatientFile(db: Db, me: AuthUser, row: Row, ip: string) {
  if (row.kind !== 'file') throw notFound();
  if (!me.isSuper && row.create_user_pk !== me.pk) throw new AppError(403, 'FORBIDDEN', 'patFileNotOwn');
  await db.transaction(async (tx) => {
    const done = await tx
      .update(patientFile)
      .set({ is_del: 1 })
      .where(and(eq(patientFile.pk, row.pk), eq(patientFile.is_del, 0)))
      .returning({ pk: patientFile.pk });
    if (!done.length) throw notFound();
    const { storage_key: _key, ...shown } = row;
    await auditChange(tx, me, {
      action: 'patient_file.delete',
      target: `study:${row.study_pk}`,
      before: { ...shown, size_bytes: Number(row.size_bytes), create_time: row.create_time.toISOString() },
      after: { pk: row.pk, is_del: 1 },
      ip,
    });
  });
}
