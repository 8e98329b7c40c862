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

/**
 * The bounds of an image's header as the tag browser shows it: at most this many elements in all (nested
 * ones counted), sequences opened this many levels deep (deeper ones show their item count only), and
 * values cut to this many characters (binary values shown as hex bytes, then cut; pixel data never sent).
 */
export const IMAGE_TAG_LIMITS = { elements: 3000, depth: 6, value_chars: 256 } as const;

/** GET /wado/tags: one image's header; token= a viewer token of its study instead of the session header. */
export const ImageTagsQuerySchema = z.strictObject({
  study_iuid: DicomUidSchema,
  series_iuid: DicomUidSchema,
  sop_iuid: DicomUidSchema,
  token: z.string().max(128).optional(),
});
export type ImageTagsQuery = z.infer<typeof ImageTagsQuerySchema>;

/** One element of a header: a sequence's items are lists of elements of this same shape. */
export interface ImageTag {
  /** `(gggg,eeee)`, lower-case hex as dcmdump prints it. */
  tag: string;
  /** dcmjs's dictionary keyword; '' for private and unknown tags. */
  keyword: string;
  vr: string;
  /** As text: values joined by `\`, binary values as hex bytes; '' for pixel data and sequences. */
  value: string;
  /** Bytes of a binary value (pixel data's too), characters of a text value, items of a sequence. */
  length: number;
  /** The value was cut to IMAGE_TAG_LIMITS.value_chars, or left out (pixel data, a sequence too deep). */
  cut: boolean;
  items?: ImageTag[][];
}

// Not z.lazy: the OpenAPI document cannot describe a recursive zod schema (see admin-role.ts).
export const ImageTagSchema = z.object({
  tag: z.string(),
  keyword: z.string(),
  vr: z.string(),
  value: z.string(),
  length: z.number().int(),
  cut: z.boolean(),
  items: z.array(z.unknown()).optional().describe('the items, each a list of elements of this shape'),
});

export const ImageTagsSchema = z.object({
  study_iuid: z.string(),
  series_iuid: z.string(),
  sop_iuid: z.string(),
  transfer_syntax: z.string(),
  /** The file meta information (group 0002) first, then the data set, in tag order. */
  elements: z.array(ImageTagSchema),
  /** More elements than IMAGE_TAG_LIMITS.elements: the rest were left out. */
  truncated: z.boolean(),
});
export interface ImageTags extends Omit<z.infer<typeof ImageTagsSchema>, 'elements'> {
  elements: ImageTag[];
}
