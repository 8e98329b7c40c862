import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../../platform/core/auth-user';
import type { Db } from '../../platform/db/client';
import { instance, series, study } from '../../platform/db/schema';
import { AppError, notFound } from '../../platform/core/errors';
import type { DicomList } from '@shared/schemas/images';
import { studyInScope } from '../report';
import { auditChange } from '../../platform/audit';
import { refreshStudyCounts } from './study-counts';

/**
 * The study a caller may see: the report screen's own rule (not deleted, their hospital unless super
 * administrator, their modalities when data2 limits them). Outside that scope it is 404 like an unknown
 * study: an image address must not tell another hospital's user that a study exists.
 */
export async function visibleStudy(db: Db, user: AuthUser, studyIuid: string) {
  try {
    const s = await studyInScope(db, user, studyIuid);
    return { pk: s.pk, hospital_code: s.hospital_code, modality: s.modality };
  } catch (err) {
    if (err instanceof AppError && err.status === 403) throw notFound();
    throw err;
  }
}

/** Series and instances of a study for the image list, deleted ones flagged (del_image 1). */
export async function dicomList(db: Db, studyPk: number, studyIuid: string): Promise<DicomList> {
  const rows = await db
    .select({
      series_iuid: series.series_iuid,
      series_number: series.series_number,
      series_desc: series.series_desc,
      modality: series.modality,
      sop_iuid: instance.sop_iuid,
      instance_number: instance.instance_number,
      frame_count: instance.frame_count,
      rows: instance.rows,
      cols: instance.cols,
      transfer_syntax: instance.transfer_syntax,
      size_bytes: instance.size_bytes,
      del_image: instance.del_image,
    })
    .from(instance)
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .where(eq(instance.study_pk, studyPk))
    .orderBy(asc(series.series_number), asc(series.pk), asc(instance.instance_number), asc(instance.pk));
  const out: DicomList = { study_iuid: studyIuid, series: [] };
  for (const { series_iuid, series_number, series_desc, modality, ...inst } of rows) {
    let s = out.series.at(-1);
    if (s?.series_iuid !== series_iuid) {
      s = { series_iuid, series_number, series_desc, modality, instances: [] };
      out.series.push(s);
    }
    s.instances.push({ ...inst, size_bytes: Number(inst.size_bytes) });
  }
  return out;
}

/**
 * Marks images deleted (del_image 1) or restores them (0): the bytes stay in the store, so a restore is
 * the flag alone. "None selected" and "nothing to change" are the spec's warnings, answered 400.
 */
export async function setImagesDeleted(
  db: Db,
  who: { pk: number; username: string },
  o: { studyPk: number; sops: string[]; deleted: boolean; ip: string },
) {
  if (!o.sops.length) throw new AppError(400, 'VALIDATION', 'imgNoneSelected');
  const from = o.deleted ? 0 : 1;
  const to = o.deleted ? 1 : 0;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ file_count: study.file_count, file_size: study.file_size })
      .from(study)
      .where(eq(study.pk, o.studyPk));
    const changed = await tx
      .update(instance)
      .set({ del_image: to })
      .where(and(eq(instance.study_pk, o.studyPk), inArray(instance.sop_iuid, o.sops), eq(instance.del_image, from)))
      .returning({ sop_iuid: instance.sop_iuid });
    if (!changed.length) throw new AppError(400, 'VALIDATION', o.deleted ? 'imgAllDeleted' : 'imgNoneDeleted');
    const after = (await refreshStudyCounts(tx, [o.studyPk])).get(o.studyPk);
    await auditChange(tx, who, {
      action: o.deleted ? 'image.delete' : 'image.restore',
      target: `study:${o.studyPk}`,
      before: before ? { ...before, file_size: Number(before.file_size) } : null,
      after: { ...after, sop_iuids: changed.map((c) => c.sop_iuid) },
      ip: o.ip,
    });
    return { changed: changed.length, file_count: after?.file_count ?? 0 };
  });
}
