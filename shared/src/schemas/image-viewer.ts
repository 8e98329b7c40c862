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

/** The measurement and annotation tools whose marks are kept per user and study. */
export const ANNOTATION_TOOLS = ['Length', 'Angle', 'EllipticalROI', 'RectangleROI', 'Probe', 'ArrowAnnotate'] as const;
/** How many marks one user keeps on one study (a reading, not a segmentation). */
export const MAX_ANNOTATIONS = 200;

const finite = z.number().finite().min(-1e6).max(1e6);
const Vec3 = z.tuple([finite, finite, finite]);

/**
 * One mark as the viewer draws it again: its tool, the image (instance and frame) it is on, its handle points
 * in the patient's coordinates (mm), the plane it was drawn in, and an arrow's text. Measured values are
 * not kept: they are computed again from the pixels when it is shown.
 */
export const ViewerAnnotationSchema = z.strictObject({
  uid: z.string().regex(/^[\w-]{1,64}$/),
  tool: z.enum(ANNOTATION_TOOLS),
  series_iuid: DicomUidSchema,
  sop_iuid: DicomUidSchema,
  frame: z.number().int().min(1).max(100_000).optional(),
  points: z.array(Vec3).min(1).max(4),
  view_plane_normal: Vec3,
  view_up: Vec3,
  frame_of_reference_uid: z.string().max(64).optional(),
  text: z.string().max(256).optional(),
});
export type ViewerAnnotation = z.infer<typeof ViewerAnnotationSchema>;

/** GET /wado/annotations: the caller's marks on a study. */
export const ViewerAnnotationsQuerySchema = z.strictObject({ studyUID: DicomUidSchema });

/** PUT /wado/annotations: the caller's marks on a study, all of them (an empty list deletes them). */
export const ViewerAnnotationsSaveSchema = z.strictObject({
  studyUID: DicomUidSchema,
  annotations: z.array(ViewerAnnotationSchema).max(MAX_ANNOTATIONS),
});

export const ViewerAnnotationsSchema = z.object({
  annotations: z.array(ViewerAnnotationSchema),
  updated_at: z.string().nullable(),
});
export type ViewerAnnotations = z.infer<typeof ViewerAnnotationsSchema>;

/** GET /wado/priorStudies: the patient's other studies with images, to open beside this one. */
export const PriorStudiesQuerySchema = ViewerAnnotationsQuerySchema;

export const PriorStudySchema = z.object({
  study_iuid: z.string(),
  study_datetime: z.string(),
  modality: z.string(),
  study_desc: z.string(),
  accession_no: z.string(),
  images: z.number().int(),
});
export type PriorStudy = z.infer<typeof PriorStudySchema>;
