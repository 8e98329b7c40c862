import { z } from 'zod';
import { FilterTextSchema, msg } from './common';
import { DicomUidSchema } from './images';

/** Series one move may name (a study rarely has more than a few dozen). */
export const IMAGE_EDIT_SERIES_MAX = 500;
/** Studies the target picker offers at once. */
export const IMAGE_EDIT_CANDIDATES_MAX = 50;

/** POST /api/imageEdit/candidates: the studies the images of `study_iuid` may go to, found by a keyword. */
export const ImageEditCandidatesSchema = z.strictObject({
  study_iuid: DicomUidSchema,
  /** Patient ID, name or accession number (part of it); empty: the same patient's studies. */
  keyword: FilterTextSchema.optional(),
});
export type ImageEditCandidates = z.input<typeof ImageEditCandidatesSchema>;

export const ImageEditCandidateSchema = z.object({
  study_iuid: z.string(),
  patient_id: z.string(),
  patient_name: z.string(),
  patient_sex: z.string(),
  accession_no: z.string(),
  modality: z.string(),
  study_desc: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' in the hospital's zone, like every study time. */
  study_datetime: z.string(),
  file_count: z.number().int(),
  /** The first report's status (null: none); an audited one (2) cannot take images. */
  rpt_status: z.number().int().nullable(),
  /** The same patient ID as the study the images come from. */
  same_patient: z.boolean(),
});
export type ImageEditCandidate = z.infer<typeof ImageEditCandidateSchema>;

/** The study the images come from, and the studies they may go to. */
export const ImageEditChoiceSchema = z.object({
  source: ImageEditCandidateSchema,
  /** The studies of the source's patient ID in its hospital (in the recycle bin too): what a patient merge changes. */
  patient_studies: z.number().int(),
  list: z.array(ImageEditCandidateSchema),
});
export type ImageEditChoice = z.infer<typeof ImageEditChoiceSchema>;

/** POST /api/imageEdit/moveSeries: series sent under the wrong study go to the right one. */
export const MoveSeriesSchema = z
  .strictObject({
    study_iuid: DicomUidSchema,
    series_iuids: z
      .array(DicomUidSchema)
      .min(1)
      .max(IMAGE_EDIT_SERIES_MAX)
      .transform((uids) => [...new Set(uids)]),
    to_study_iuid: DicomUidSchema,
  })
  .refine((b) => b.study_iuid !== b.to_study_iuid, { path: ['to_study_iuid'], ...msg('imageEditSameStudy') });
export type MoveSeries = z.input<typeof MoveSeriesSchema>;

/** POST /api/imageEdit/mergeStudy: every image of `study_iuid` goes to `to_study_iuid`, and it goes to the recycle bin. */
export const MergeStudySchema = z
  .strictObject({ study_iuid: DicomUidSchema, to_study_iuid: DicomUidSchema })
  .refine((b) => b.study_iuid !== b.to_study_iuid, { path: ['to_study_iuid'], ...msg('imageEditSameStudy') });
export type MergeStudy = z.input<typeof MergeStudySchema>;

export const ImageEditResultSchema = z.object({
  study_iuid: z.string(),
  to_study_iuid: z.string(),
  series: z.number().int(),
  instances: z.number().int(),
  /** mergeStudy: the emptied study went to the recycle bin. */
  binned: z.boolean(),
});
export type ImageEditResult = z.infer<typeof ImageEditResultSchema>;

/**
 * POST /api/imageEdit/mergePatient: the patient of `study_iuid` (every study under that patient ID in the
 * hospital, in the recycle bin too) becomes the patient of `to_study_iuid`; each study keeps its UID and accession.
 */
export const MergePatientSchema = MergeStudySchema;
export type MergePatient = z.input<typeof MergePatientSchema>;

export const MergePatientResultSchema = z.object({
  patient_id: z.string(),
  to_patient_id: z.string(),
  studies: z.number().int(),
  instances: z.number().int(),
});
export type MergePatientResult = z.infer<typeof MergePatientResultSchema>;
