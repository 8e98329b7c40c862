import { z } from 'zod';
import { intInput, msg } from './common';
import { ReportDetailValuesSchema } from '../report/document';
import { StudyRowSchema } from './order';
import { EsignSchema, SignatureRoleSchema, SignatureSummarySchema } from './report-signature';

export const REPORT_TEXT_MAX = 50_000;
export const MAX_REPORT_POSITION = 20;

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);
const Text = z.string().max(REPORT_TEXT_MAX);

export const ReportRefSchema = z.object({
  study_iuid: z.string().trim().min(1).max(64),
  rpt_position: intInput(1, MAX_REPORT_POSITION).default(1),
});

export const TEMPLATE_TAGS = [
  'textContent',
  'input',
  'textarea',
  'hr',
  'imgCom',
  'imgList',
  'div',
  'nestDiv',
  'table',
  'usRange',
  'checkbox',
  'radio',
  'module',
] as const;

/** One element of a layout template (spec section 3). Style is a CSS object as React takes it. */
export const TemplateElementSchema = z
  .object({
    tag: z.enum(TEMPLATE_TAGS),
    uuid: z.string().max(64),
    class: z.string().max(256).optional(),
    style: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    new_style: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    text: z.string().max(4000).optional(),
    jfield: z.string().max(64).optional(),
    src: z.string().max(2048).optional(),
    data: z.unknown().optional(),
    get childs() {
      return z.array(TemplateElementSchema).max(500).optional();
    },
  })
  .meta({ id: 'TemplateElement' });
export type TemplateElement = z.infer<typeof TemplateElementSchema>;

export const LayoutTemplateSchema = z.object({
  pk: z.number().int(),
  /** The layout's version shown: for an audited report, the one that stood when it was audited. */
  version: z.number().int(),
  name: z.string(),
  hospital_code: z.string(),
  modality: z.string(),
  elements: z.array(TemplateElementSchema),
});
export type LayoutTemplate = z.infer<typeof LayoutTemplateSchema>;

export const ReportDetailSchema = z.object({
  /** null for a third-party report. */
  rpt_pk: z.number().int().nullable(),
  rpt_position: z.number().int(),
  rpt_status: z.number().int(),
  rpt_good_status: z.number().int().nullable(),
  image_quality: z.number().int().nullable(),
  rpt_model_id: z.string(),
  rpt_detail: z.unknown(),
  report_text1: z.string(),
  report_text2: z.string(),
  report_doctor: z.string(),
  report_datetime: z.string(),
  sh_doctor: z.string(),
  sh_datetime: z.string(),
  is_critical: z.number().int(),
  danger_val: z.string(),
  print_status: z.number().int(),
  third_party_pdf: z.string(),
  version: z.number().int(),
  updated_by: z.string(),
  updated_at: z.string(),
  /**
   * Audited reports only, '' otherwise (absent from a write's answer): the report doctor's and the auditor's
   * signature images as they were at the audit, and the hospital's seal; addresses signed for the reader.
   */
  report_doctor_sign: z.string().optional(),
  sh_doctor_sign: z.string().optional(),
  hospital_seal: z.string().optional(),
  /** The electronic signature of the write that made this version, if it was signed (issue 37). */
  esign: SignatureSummarySchema.nullable().optional(),
  /** Additions after the audit, oldest first (issue 41); /report/info only (a write's answer has none). */
  addenda: z.array(z.lazy(() => AddendumSchema)).optional(),
});
export type ReportDetail = z.infer<typeof ReportDetailSchema>;

/** An addendum as shown and printed: its number, text, author and time ('YYYY-MM-DD HH:mm:ss', hospital's zone). */
export const AddendumSchema = z.object({
  seq: z.number().int(),
  text: z.string(),
  author: z.string(),
  created_at: z.string(),
});
export type Addendum = z.infer<typeof AddendumSchema>;

/** The longest addendum, in characters. */
export const ADDENDUM_MAX = 4000;

export const DraftSchema = z.object({
  rpt_position: z.number().int(),
  report_text1: z.string(),
  report_text2: z.string(),
  updated_at: z.string(),
});

const ReportWriteFields = {
  version: intInput(),
  rpt_good_status: z.preprocess(emptyToNull, z.coerce.number().int().min(1).max(2).nullable()),
  image_quality: z.preprocess(emptyToNull, z.coerce.number().int().min(1).max(4).nullable()).optional(),
  study_desc: z.string().max(512),
  report_text1: Text,
  report_text2: Text,
  /** Values typed into the template's own elements; null clears them. */
  rpt_detail: ReportDetailValuesSchema.nullable().optional(),
  /** Resend with true to go past the content check. */
  RemoveCheck: z.boolean().optional().default(false),
  /** The USB key's signature of the document /report/signRequest gave for exactly this write. */
  esign: EsignSchema.optional(),
};
/** The one declaration of what save and audit send: the web client sends z.input, the server works on z.output. */
export const SaveReportSchema = ReportRefSchema.extend(ReportWriteFields);
export type SaveReportInput = z.input<typeof SaveReportSchema>;
export type SaveReport = z.output<typeof SaveReportSchema>;
export const AuditReportSchema = SaveReportSchema;
/** The document a signed save ('report') or audit would sign, for exactly this write. */
export const SignRequestSchema = SaveReportSchema.omit({ esign: true }).extend({
  role: SignatureRoleSchema.default('audit'),
});
export type SignRequest = z.output<typeof SignRequestSchema>;

export const ReportTransitionSchema = ReportRefSchema.extend({ version: intInput() });
export type ReportTransitionInput = z.input<typeof ReportTransitionSchema>;
export type ReportTransition = z.output<typeof ReportTransitionSchema>;

/** POST /report/addendum: an addition to the audited report at `version`; the original stays as it was signed. */
export const AddendumInputSchema = ReportRefSchema.extend({
  version: intInput(),
  text: z.string().trim().min(1, msg('addendumEmpty')).max(ADDENDUM_MAX, msg('addendumTooLong')),
});
export type AddendumInputBody = z.input<typeof AddendumInputSchema>;
export type AddendumInput = z.output<typeof AddendumInputSchema>;

export const CacheReportSchema = ReportRefSchema.extend({ report_text1: Text, report_text2: Text });

export const CriticalSchema = ReportRefSchema.extend({
  version: intInput(),
  is_critical: z.union([z.literal(0), z.literal(1)]),
  danger_val: z.string().trim().max(500).default(''),
}).refine((v) => v.is_critical === 0 || v.danger_val.length > 0, {
  message: 'danger_val',
  path: ['danger_val'],
});

export const QualitySchema = z.object({
  study_iuid: z.string().trim().min(1).max(64),
  image_quality: z.preprocess(emptyToNull, z.coerce.number().int().min(1).max(4).nullable()).optional(),
  image_score: z.preprocess(emptyToNull, z.coerce.number().min(0).max(100).nullable()).optional(),
  image_remark: z.string().max(512).default(''),
  report_quality: z.preprocess(emptyToNull, z.coerce.number().int().min(1).max(4).nullable()).optional(),
  report_score: z.preprocess(emptyToNull, z.coerce.number().min(0).max(100).nullable()).optional(),
  report_remark: z.string().max(512).default(''),
});

export const StudyIuidSchema = z.object({ study_iuid: z.string().trim().min(1).max(64) });
/**
 * /report/info; `audit_version`: the pk of one of the study's audit versions (a /report/versions row of status
 * 2), to see that report as it was audited then (its texts, auditor, time and layout), as the PDF archive does.
 */
export const ReportInfoQuerySchema = StudyIuidSchema.extend({
  audit_version: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export const LockStateSchema = z.object({ lock_status: z.string(), mine: z.boolean(), lock_time: z.string() });

export const PdfStateSchema = z.enum(['done', 'pending', 'failed']);
export type PdfState = z.infer<typeof PdfStateSchema>;

export const VersionRowSchema = z.object({
  pk: z.number().int(),
  rpt_pk: z.number().int(),
  rpt_model_id: z.string(),
  rpt_position: z.number().int(),
  rpt_status: z.number().int(),
  save_user: z.string(),
  createtime: z.string(),
  texts: z.object({
    report_text1: z.string(),
    report_text2: z.string(),
    rpt_good_status: z.number().int().nullable(),
    image_quality: z.number().int().nullable(),
  }),
  /** SHA-256 of the archived PDF of an audit's version (GET /report/archive?rpt_pk=&version=pk); null until rendered. */
  pdf_sha256: z.string().nullable(),
  /**
   * The archive of an audit's version (docs/report-products.md): 'done' once `pdf_sha256` is set, 'pending' while
   * it is being made or waits for its next attempt, 'failed' when it gave up (or was superseded: no PDF will come
   * without the retry button); null for a version with no archive (save / cancel / void rows, audits from before).
   */
  pdf_state: PdfStateSchema.nullable(),
  /** Attempts the archive has made so far (0 without one). */
  pdf_attempts: z.number().int(),
  /** The archive's last error ('' without one). */
  pdf_error: z.string(),
});
export type VersionRow = z.infer<typeof VersionRowSchema>;

export const ContentCheckSchema = z.object({ checks: z.array(z.object({ feature: z.string(), content: z.string() })) });

/** What a successful write answers: the report as it now is. */
export const WriteResultSchema = ReportDetailSchema;

/** The study as the report screen binds it (template jfield names are these keys). */
export const StudyDetailSchema = StudyRowSchema.extend({
  study_desc_value: z.array(z.object({ key: z.string(), label: z.string() })),
  diagnosis: z.string(),
  note: z.string(),
  infection_note: z.string(),
  sq_doctor: z.string(),
  study_department: z.string(),
  scan_mode: z.string(),
  study_style: z.string(),
  parts_count: z.number().int(),
  secord_study: z.number().int(),
  use_qc: z.number().int(),
  /** A quality record exists for the study: the QC dialog is not asked again. */
  qc_recorded: z.boolean(),
  can_report: z.number().int(),
  file_count: z.number().int(),
  hospital_title1: z.string(),
  hospital_title2: z.string(),
  hospital_logo: z.string(),
  /** The hospital's header image ('' none). */
  hospital_head: z.string(),
  /** What the patient types at /patientInfo with their ID, as printed (`3F9A1-C04B7`). */
  lookup_code: z.string(),
});
export type StudyDetail = z.infer<typeof StudyDetailSchema>;

export const ReportInfoSchema = z.object({
  study: StudyDetailSchema,
  reports: z.array(ReportDetailSchema),
  template: LayoutTemplateSchema.nullable(),
  drafts: z.array(DraftSchema),
  lock: LockStateSchema,
  /** The hospital's rule for signing audits with the USB key: 0 off, 1 optional, 2 required. */
  esign_mode: z.number().int(),
});
export type ReportInfo = z.infer<typeof ReportInfoSchema>;

/** AI assistance (issue 17): the findings go to the service at sys_config ai_url, its opinion comes back. */
export const AiSuggestRequestSchema = z.strictObject({
  study_iuid: z.string().trim().min(1).max(64),
  findings: z.string().trim().min(1).max(REPORT_TEXT_MAX),
});
export const AiSuggestionSchema = z.object({ opinion: z.string() });
export type AiSuggestion = z.infer<typeof AiSuggestionSchema>;
