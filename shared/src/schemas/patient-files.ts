import { z } from 'zod';
import { pkInput } from './common';
import { DicomUidSchema } from './images';

/** An attachment (jpg, jpeg, png or pdf by its first bytes) is at most this large. */
export const PATFILE_MAX_MIB = 20;
export const PATFILE_MAX_BYTES = PATFILE_MAX_MIB * 1024 ** 2;
/** A video (mp4 or webm by its first bytes), streamed to the store. */
export const VIDEO_MAX_MIB = 512;
export const VIDEO_MAX_BYTES = VIDEO_MAX_MIB * 1024 ** 2;
/** A captured or uploaded still image (baseline JPEG), wrapped as a DICOM Secondary Capture instance. */
export const CAPTURE_MAX_MIB = 10;
export const CAPTURE_MAX_BYTES = CAPTURE_MAX_MIB * 1024 ** 2;

/** What the picker offers; the server decides by the bytes. */
export const PATFILE_ACCEPT = '.jpg,.jpeg,.png,.pdf';
export const VIDEO_ACCEPT = '.mp4,.webm';
export const CAPTURE_ACCEPT = '.jpg,.jpeg';

export const PatFileDeleteSchema = z.strictObject({ pk: pkInput() });

/** GET /UploadDicom/showFile: the file by pk; token= a viewer token of its study instead of the session header. */
export const ShowFileQuerySchema = z.strictObject({
  pk: pkInput(),
  token: z.string().max(128).optional(),
});

const DATA_URL_PREFIX = 'data:image/jpeg;base64,';
/** POST /tool/saveOrderImage: a frame grabbed from the capture device, as a JPEG data URL. */
export const SaveOrderImageSchema = z.strictObject({
  study_iuid: DicomUidSchema,
  image: z
    .string()
    .max(DATA_URL_PREFIX.length + Math.ceil(CAPTURE_MAX_BYTES / 3) * 4)
    .regex(/^data:image\/jpe?g;base64,[A-Za-z0-9+/]+={0,2}$/, { message: 'msg:imgCaptureJpeg' }),
});
export type SaveOrderImage = z.infer<typeof SaveOrderImageSchema>;

export const PatientFileSchema = z.object({
  pk: z.number().int(),
  kind: z.enum(['file', 'video']),
  name: z.string(),
  type: z.string(),
  size_bytes: z.number().int(),
  create_user: z.string(),
  create_time: z.string(),
  /** The caller may delete it: their own, or any for the super administrator. */
  can_delete: z.boolean(),
});
export type PatientFile = z.infer<typeof PatientFileSchema>;
export const PatientFileListSchema = z.array(PatientFileSchema);

/** A stored capture: the Secondary Capture instance it became. */
export const CapturedImageSchema = z.object({
  study_iuid: z.string(),
  series_iuid: z.string(),
  sop_iuid: z.string(),
  file_count: z.number().int(),
});
export type CapturedImage = z.infer<typeof CapturedImageSchema>;
