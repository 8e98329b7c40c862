import { z } from 'zod';
import { intInput } from './common';

/** A DICOM UID: digits and dots, at most 64 characters (PS3.5 9.1). */
export const DicomUidSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[0-9]+(\.[0-9]+)*$/);

/** Upload (POST /UploadDicom/uploadZip, multipart): one .dcm or .zip, and the hospital it goes to. */
export const UPLOAD_MAX_BYTES = 2 * 1024 ** 3;

/** One line of the upload's answer stream (application/x-ndjson): a file's outcome, then the result. */
export const UploadLineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('file'),
    done: z.number().int(),
    total: z.number().int(),
    file: z.string(),
    status: z.enum(['uploaded', 'duplicate', 'failed']),
    msg: z.string(),
  }),
  z.object({
    type: z.literal('result'),
    success: z.boolean(),
    msg: z.string(),
    data: z.object({
      uploaded: z.number().int(),
      duplicates: z.number().int(),
      failed: z.number().int(),
      studies: z.array(z.string()),
    }),
  }),
]);
export type UploadLine = z.infer<typeof UploadLineSchema>;

export const StudyUidBodySchema = z.strictObject({ study_iuid: DicomUidSchema });

/** A VOI window value (PS3.18 9.1.2.6): a decimal, as the WADO parameters carry it. */
const windowValue = (min: number) => z.coerce.number().finite().min(min).max(1e7);

/**
 * WADO-URI (PS3.18 9): the instance asked for; token= is a viewer token instead of the session header.
 * image/jpeg (the default) renders one frame: rows/columns fit it inside that size, windowCenter and
 * windowWidth (both or neither) override the file's window, imageQuality is the JPEG quality.
 * region and annotation are accepted and ignored, as PS3.18 allows.
 */
export const WadoQuerySchema = z
  .strictObject({
    requestType: z.literal('WADO'),
    studyUID: DicomUidSchema,
    seriesUID: DicomUidSchema,
    objectUID: DicomUidSchema,
    contentType: z.string().max(128).optional(),
    transferSyntax: DicomUidSchema.optional(),
    frameNumber: intInput(1, 100_000).optional(),
    rows: intInput(1, 4096).optional(),
    columns: intInput(1, 4096).optional(),
    windowCenter: windowValue(-1e7).optional(),
    windowWidth: windowValue(1).optional(),
    imageQuality: intInput(1, 100).optional(),
    region: z.string().max(64).optional(),
    annotation: z.string().max(64).optional(),
    token: z.string().max(128).optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.windowCenter === undefined) !== (q.windowWidth === undefined)) {
      const missing = q.windowCenter === undefined ? 'windowCenter' : 'windowWidth';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'msg:imgWindowPair' });
    }
  });

export const ViewerTokenSchema = z.object({ token: z.string(), expires_in: z.number().int() });

const InstanceSchema = z.object({
  sop_iuid: z.string(),
  instance_number: z.number().int().nullable(),
  frame_count: z.number().int(),
  rows: z.number().int().nullable(),
  cols: z.number().int().nullable(),
  transfer_syntax: z.string(),
  size_bytes: z.number().int(),
  del_image: z.number().int(),
});
export const DicomListSchema = z.object({
  study_iuid: z.string(),
  series: z.array(
    z.object({
      series_iuid: z.string(),
      series_number: z.number().int().nullable(),
      series_desc: z.string(),
      modality: z.string(),
      instances: z.array(InstanceSchema),
    }),
  ),
});
export type DicomList = z.infer<typeof DicomListSchema>;

/** Delete or restore images: comma-joined SOP instance UIDs of one study. Empty: "none selected". */
export const ImageSelectionSchema = z.strictObject({
  study_iuid: DicomUidSchema,
  sop_iuids: z
    .string()
    .max(65 * 2000)
    .regex(/^[0-9.,\s]*$/),
});
export const ImageChangeSchema = z.object({ changed: z.number().int(), file_count: z.number().int() });

/** /api/order/reduction: restore a study's deleted images, every deleted one when none are named. */
export const ImageRestoreSchema = z.strictObject({
  study_iuid: DicomUidSchema,
  sop_iuids: ImageSelectionSchema.shape.sop_iuids.optional(),
});

const OptionalImageDate = z.iso.date().or(z.literal('').transform(() => undefined));

/** Image management (/orderImage, GET /api/order/imageStudies): the `filters` keys. */
export const IMAGE_STUDY_FILTERS = {
  sn: z.string().trim().max(32),
  patient_id: z.string().trim().max(64),
  patient_name: z.string().trim().max(64),
  accession_no: z.string().trim().max(64),
  startDate: OptionalImageDate,
  endDate: OptionalImageDate,
  /** '1': studies with deleted images only, '0': none deleted, '' or absent: both. */
  has_deleted: z.enum(['0', '1']).or(z.literal('').transform(() => undefined)),
};
export const IMAGE_STUDY_SORTS = [
  'study_datetime',
  'create_time',
  'patient_name',
  'file_count',
  'file_size',
  'deleted_count',
] as const;
export type ImageStudySort = (typeof IMAGE_STUDY_SORTS)[number];

/** A study with stored images: its live count and size (bytes), every stored image and the deleted ones. */
export const ImageStudyRowSchema = z.object({
  pk: z.number().int(),
  study_iuid: z.string(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  patient_id: z.string(),
  patient_name: z.string(),
  patient_sex: z.string(),
  accession_no: z.string(),
  modality: z.string(),
  study_desc: z.string(),
  study_datetime: z.string(),
  file_count: z.number().int(),
  file_size: z.number().int(),
  image_count: z.number().int(),
  deleted_count: z.number().int(),
});
export type ImageStudyRow = z.infer<typeof ImageStudyRowSchema>;

/** Thumbnails asked at once by the image list: the images near the screen, a page at a time. */
export const THUMBNAIL_BATCH_MAX = 48;

/** POST /wado/thumbnails: some of a study's images, by SOP instance UID. */
export const ThumbnailBatchSchema = z.strictObject({
  study_iuid: DicomUidSchema,
  sop_iuids: z.array(DicomUidSchema).min(1).max(THUMBNAIL_BATCH_MAX),
});

/** Each image asked, in the order asked: its thumbnail as base64 JPEG, or null (deleted, unknown or not drawable). */
export const ThumbnailBatchResultSchema = z.object({
  thumbs: z.array(z.object({ sop_iuid: z.string(), jpeg: z.string().nullable() })),
});
export type ThumbnailBatchResult = z.infer<typeof ThumbnailBatchResultSchema>;
