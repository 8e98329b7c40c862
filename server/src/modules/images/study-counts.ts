import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { study } from '../../platform/db/schema';

/**
 * Recounts the studies' live images from their instances: file_count, file_size (bytes), has_dicom_file,
 * and del_image 1 when every image is deleted. Returns the new values per study pk.
 */
export async function refreshStudyCounts(
  tx: DbOrTx,
  studyPks: number[],
): Promise<Map<number, { file_count: number; file_size: number; has_dicom_file: number; del_image: number }>> {
  if (!studyPks.length) return new Map();
  const rows = await tx
    .update(study)
    .set({
      file_count: sql`(select count(*) from instance i where i.study_pk = ${study.pk} and i.del_image = 0)`,
      file_size: sql`(select coalesce(sum(i.size_bytes), 0) from instance i where i.study_pk = ${study.pk} and i.del_image = 0)`,
      has_dicom_file: sql`(case when exists (select 1 from instance i where i.study_pk = ${study.pk} and i.del_image = 0) then 1 else 0 end)`,
      del_image: sql`(case when exists (select 1 from instance i where i.study_pk = ${study.pk})
        and not exists (select 1 from instance i where i.study_pk = ${study.pk} and i.del_image = 0) then 1 else 0 end)`,
    })
    .where(inArray(study.pk, studyPks))
    .returning({
      pk: study.pk,
      file_count: study.file_count,
      file_size: study.file_size,
      has_dicom_file: study.has_dicom_file,
      del_image: study.del_image,
    });
  return new Map(rows.map(({ pk, ...rest }) => [pk, { ...rest, file_size: Number(rest.file_size) }]));
}
