import { z } from 'zod';
import { DicomUidSchema } from './images';

/** GET /wado/viewerStudy: a study for the web viewer; token= a viewer token instead of the session header. */
export const ViewerStudyQuerySchema = z.strictObject({
  studyUID: DicomUidSchema,
  token: z.string().max(128).optional(),
});

/** GET /wado/viewerPreview: the viewer's first image, rendered; token= a viewer token instead of the session header. */
export const ViewerPreviewQuerySchema = ViewerStudyQuerySchema;

const ViewerInstanceSchema = z.object({
  sop_iuid: z.string(),
  instance_number: z.number().int().nullable(),
  frame_count: z.number().int(),
  rows: z.number().int().nullable(),
  cols: z.number().int().nullable(),
});

/** What the viewer shows: the patient and study for the overlay, and each series' live images in order. */
export const ViewerStudySchema = z.object({
  study_iuid: z.string(),
  patient_name: z.string(),
  patient_id: z.string(),
  patient_sex: z.string(),
  patient_age: z.string(),
  study_datetime: z.string(),
  modality: z.string(),
  study_desc: z.string(),
  series: z.array(
    z.object({
      series_iuid: z.string(),
      series_number: z.number().int().nullable(),
      series_desc: z.string(),
      modality: z.string(),
      instances: z.array(ViewerInstanceSchema),
    }),
  ),
});
export type ViewerStudy = z.infer<typeof ViewerStudySchema>;
