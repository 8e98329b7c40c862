import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { instance, series, study } from '../../platform/db/schema';
import { notFound } from '../../platform/core/errors';
import type { ImageStore } from '../../platform/storage/store';
import { visibleStudy } from './archive';
import type { Viewer } from './dicomweb-qido';
import { readStored } from './render-instance';

export interface InstanceUids {
  study_iuid: string;
  series_iuid: string;
  sop_iuid: string;
}

/**
 * A live instance as /wado serves it (its storage key and transfer syntax): not deleted, of a study not
 * deleted, named by all three UIDs; a viewer token opens its own study only, a session its scope. Any other
 * case is not found (404), so nothing tells what exists.
 */
export async function servedInstance(db: Db, viewer: Viewer, uids: InstanceUids) {
  const [row] = await db
    .select({ study_pk: study.pk, key: instance.storage_key, syntax: instance.transfer_syntax })
    .from(instance)
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .innerJoin(study, eq(study.pk, instance.study_pk))
    .where(
      and(
        eq(instance.sop_iuid, uids.sop_iuid),
        eq(series.series_iuid, uids.series_iuid),
        eq(study.study_iuid, uids.study_iuid),
        eq(instance.del_image, 0),
        eq(study.is_del, 0),
      ),
    );
  if ('studyPk' in viewer) {
    if (!row || row.study_pk !== viewer.studyPk) throw notFound();
  } else {
    if (!row) throw notFound();
    await visibleStudy(db, viewer.user, uids.study_iuid);
  }
  return { key: row.key, syntax: row.syntax };
}

/** That instance's stored bytes, whole (instances are at most 256 MiB, as at ingest), and its transfer syntax. */
export async function servedInstanceBytes(deps: { db: Db; images: ImageStore }, viewer: Viewer, uids: InstanceUids) {
  const found = await servedInstance(deps.db, viewer, uids);
  return { bytes: await readStored(deps.images, found.key), syntax: found.syntax };
}
