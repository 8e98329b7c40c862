import { and, count, eq } from 'drizzle-orm';
import { CAPTURE_MAX_BYTES, CAPTURE_MAX_MIB, type CapturedImage } from '@shared/schemas/patient-files';
import type { AppDeps } from '../../platform/context';
import type { AuthUser } from '../../platform/core/auth-user';
import { instance, series, study } from '../../platform/db/schema';
import { AppError } from '../../platform/core/errors';
import type { MessageKey, Params } from '../../platform/core/i18n';
import { createIngest, type FileOutcome } from '../images';
import type { StudyRecord } from '../report';
import { baselineJpeg } from './jpeg-info';
import { captureSeriesUid, newUid, secondaryCapture } from './secondary-capture';

/**
 * A captured or uploaded still image into the study's archive: the JPEG, checked by its bytes (baseline
 * only, as the transfer syntax says), wrapped as a Secondary Capture instance of the study's Capture series
 * and put through the ingest, so the image list, the viewer and WADO see it like any image.
 * One path for /api/order/uploadImg and /tool/saveOrderImage. `field` names the input in a refusal.
 */
export async function saveCapture(
  deps: AppDeps,
  me: AuthUser,
  s: StudyRecord,
  jpeg: Buffer,
  o: { ip: string; field: string; translate: (key: MessageKey, params?: Params) => string },
): Promise<CapturedImage> {
  const fail = (key: MessageKey, params?: Params) => {
    const e = new AppError(400, 'VALIDATION', key, params);
    e.errors = [{ field: o.field, msg: o.translate(key, params) }];
    return e;
  };
  if (jpeg.length > CAPTURE_MAX_BYTES) throw fail('imgCaptureTooLarge', { mib: CAPTURE_MAX_MIB });
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8 || jpeg[2] !== 0xff) throw fail('imgCaptureJpeg');
  const frame = baselineJpeg(jpeg);
  if (!frame) throw fail('imgCaptureBaseline');
  const seriesIuid = captureSeriesUid(s.study_iuid);
  const [n] = await deps.db
    .select({ n: count() })
    .from(instance)
    .innerJoin(series, eq(series.pk, instance.series_pk))
    .where(and(eq(series.series_iuid, seriesIuid), eq(instance.study_pk, s.pk)));
  const sopIuid = newUid();
  const dcm = secondaryCapture(jpeg, frame, s, { sopIuid, instanceNumber: (n?.n ?? 0) + 1 });
  let outcome: FileOutcome | undefined;
  const ingest = createIngest({ deps, who: me, hospitalCode: s.hospital_code, ip: o.ip }, (r) => {
    outcome = r;
  });
  await ingest.add(`${sopIuid}.dcm`, dcm);
  await ingest.flush();
  if (outcome?.status !== 'uploaded') {
    const reason = outcome?.status === 'failed' ? outcome.reason : { key: 'imgStoreFailed' as const };
    throw new AppError(500, 'INTERNAL', reason.key, 'params' in reason ? reason.params : undefined);
  }
  const [after] = await deps.db.select({ file_count: study.file_count }).from(study).where(eq(study.pk, s.pk));
  return { study_iuid: s.study_iuid, series_iuid: seriesIuid, sop_iuid: sopIuid, file_count: after?.file_count ?? 0 };
}
