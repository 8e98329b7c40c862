import { z } from 'zod';
import { intInput } from './common';
import { DicomUidSchema } from './images';

/** A matching value (PS3.4 C.2.2.2): * and ? wildcards allowed; printable, no control characters. */
const matchText = z
  .string()
  .trim()
  .max(64)
  .regex(/^[^\p{Cc}]*$/u);
/** One or more UIDs, comma- or backslash-separated, or the key repeated. */
const uidText = z
  .string()
  .trim()
  .max(65 * 100)
  .regex(/^[0-9.]+([,\\][0-9.]+)*$/);
const uidList = z.union([uidText, z.array(uidText).max(100)]);
/** A DA value or range: 20261120, 20261101-20261130, -20261130, 20261101-. */
const dateRange = z
  .string()
  .trim()
  .regex(/^(\d{8})?-?(\d{8})?$/)
  .refine((s) => /\d/.test(s));
/** Repeatable (includefield=a&includefield=b) or comma-joined; accepted, and ignored beyond the defaults. */
const repeatable = z.union([z.string().max(1024), z.array(z.string().max(1024)).max(64)]);
const codeText = z
  .string()
  .trim()
  .max(128)
  .regex(/^[A-Za-z0-9_]+([,\\][A-Za-z0-9_]+)*$/);
const codes = z.union([codeText, z.array(codeText).max(32)]);

/**
 * The query keys matched here, by keyword and by tag (clients send either). Keys not listed are ignored, as
 * PS3.18 lets an origin server ignore matching keys it does not support (Orthanc and dcm4chee do the same).
 */
const KEYS = {
  StudyInstanceUID: ['0020000D', uidList],
  PatientID: ['00100020', matchText],
  PatientName: ['00100010', matchText],
  StudyDate: ['00080020', dateRange],
  AccessionNumber: ['00080050', matchText],
  ModalitiesInStudy: ['00080061', codes],
  StudyDescription: ['00081030', matchText],
  SeriesInstanceUID: ['0020000E', uidList],
  Modality: ['00080060', codes],
  SOPInstanceUID: ['00080018', uidList],
} as const;
export type QidoKey = keyof typeof KEYS;
export const QIDO_KEYS = Object.fromEntries(Object.entries(KEYS).map(([k, [tag]]) => [k, tag])) as Record<
  QidoKey,
  string
>;

const keyFields = Object.fromEntries(
  Object.entries(KEYS).flatMap(([name, [tag, schema]]) => [
    [name, schema.optional()],
    [tag, schema.optional()],
  ]),
) as { [K in QidoKey]: z.ZodOptional<(typeof KEYS)[K][1]> };

/** QIDO-RS search (PS3.18 10.6): matching keys, paging, includefield; token= a viewer token. */
export const QidoQuerySchema = z.object({
  ...keyFields,
  limit: intInput(1, 1000).optional(),
  offset: intInput(0, 1_000_000).optional(),
  includefield: repeatable.optional(),
  fuzzymatching: z.enum(['true', 'false']).optional(),
  token: z.string().max(128).optional(),
});
export type QidoQuery = z.infer<typeof QidoQuerySchema>;

export const StudyPathSchema = z.object({ study: DicomUidSchema });
export const SeriesPathSchema = z.object({ study: DicomUidSchema, series: DicomUidSchema });
export const InstancePathSchema = SeriesPathSchema.extend({ instance: DicomUidSchema });
/** Frame numbers, 1-based, comma-separated (PS3.18 10.4.1.1.4). */
export const FramePathSchema = InstancePathSchema.extend({
  frames: z
    .string()
    .max(1024)
    .regex(/^[1-9][0-9]{0,5}(,[1-9][0-9]{0,5})*$/),
});
export const RenderedFramePathSchema = InstancePathSchema.extend({ frame: intInput(1, 100_000) });

/** WADO-RS retrieve and metadata: token= a viewer token. */
export const WadoRsQuerySchema = z.strictObject({ token: z.string().max(128).optional() });

/** viewport=width,height (PS3.18 8.3.5.1.3): the rendered image fits inside it. */
const ViewportSchema = z
  .string()
  .max(32)
  .regex(/^\d{1,4},\d{1,4}$/);

/** WADO-RS rendered (PS3.18 8.3.5.1): window=center,width[,function], quality, viewport=width,height. */
export const RenderedQuerySchema = z.strictObject({
  window: z
    .string()
    .max(64)
    .regex(/^-?\d+(\.\d+)?,\d+(\.\d+)?(,(linear|LINEAR))?$/)
    .optional(),
  quality: intInput(1, 100).optional(),
  viewport: ViewportSchema.optional(),
  token: z.string().max(128).optional(),
});

/**
 * STOW-RS (PS3.18 10.5): the instances go to the caller's hospital, or to `hospital_code` (one the caller may
 * use, as the upload's form field). No `token`: a viewer token only reads.
 */
export const StowQuerySchema = z.strictObject({ hospital_code: z.string().trim().min(1).max(32).optional() });

/** Thumbnails (PS3.18 10.7): viewport=width,height (default a small size); token= a viewer token. */
export const ThumbnailQuerySchema = z.strictObject({
  viewport: ViewportSchema.optional(),
  token: z.string().max(128).optional(),
});
