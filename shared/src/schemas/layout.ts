import { z } from 'zod';
import { MODALITIES } from '../constants';
import { intInput, pkInput } from './common';
import { TemplateElementSchema } from './report';

/**
 * Issue 17: layout templates in and out as IHE MRRT (HTML5 report templates). The MRRT file is the request
 * body (`text/html`); where the new layout goes is in the query.
 */
export const MrrtImportQuerySchema = z.strictObject({
  /** The hospital the layout is for; '' the installation's default (super administrator only). */
  hospital_code: z.string().trim().max(32).default(''),
  /** The modality it is for; '' every modality of that hospital. */
  modality: z.union([z.literal(''), z.enum(MODALITIES)]).default(''),
});
export type MrrtImportQuery = z.infer<typeof MrrtImportQuerySchema>;

export const MrrtImportResultSchema = z.object({
  pk: z.number().int(),
  name: z.string(),
  /** Elements of the new layout (top level and nested). */
  elements: z.number().int(),
  /** What the import left out because a layout may not hold it (scripts, handlers, remote resources...). */
  removed: z.number().int(),
});
export type MrrtImportResult = z.infer<typeof MrrtImportResultSchema>;

export const MrrtExportQuerySchema = z.strictObject({ pk: pkInput() });

/** Largest MRRT file taken (RSNA's RadReport templates are well under 100 KB). */
export const MRRT_MAX_BYTES = 1024 * 1024;
/** Most elements an imported layout may have, nested ones included. */
export const MRRT_MAX_ELEMENTS = 2000;
/** Deepest nesting of an imported layout's containers. */
export const MRRT_MAX_DEPTH = 24;

// ---- the layout editor's calls ---------------------------------------------------------------------

const HospitalCode = z.string().trim().max(32);
/** report: a report's page; apply: an application form (/printApply). */
export const LAYOUT_KINDS = ['report', 'apply'] as const;
export type LayoutKind = (typeof LAYOUT_KINDS)[number];
const LayoutModality = z.union([z.literal(''), z.enum(MODALITIES)]);

export const LayoutListRequestSchema = z.strictObject({
  /** A hospital's layouts (the super administrator; others always see their own and the installation's). */
  hospital_code: HospitalCode.optional(),
  modality: LayoutModality.optional(),
  kind: z.enum(LAYOUT_KINDS).optional(),
});

export const LayoutRowSchema = z.object({
  pk: z.number().int(),
  name: z.string(),
  hospital_code: z.string(),
  modality: z.string(),
  kind: z.enum(LAYOUT_KINDS),
  version: z.number().int(),
  update_time: z.string(),
  /** Reports use it (a new or imported layout is not active until activated). */
  active: z.boolean(),
  /** Saved changes wait for activation (always for a layout never activated). */
  pending: z.boolean(),
  /** Whether the caller may change it (the installation's layouts: the super administrator only). */
  editable: z.boolean(),
});
export type LayoutRow = z.infer<typeof LayoutRowSchema>;

export const LayoutPkSchema = z.strictObject({ pk: pkInput() });

export const LayoutSaveSchema = z.strictObject({
  /** Absent: a new layout. */
  pk: pkInput().optional(),
  /**
   * The live version the editor started from (with pk; 0 for a layout never activated): another activation
   * meanwhile is a 409, nothing written.
   */
  version: intInput(0).optional(),
  hospital_code: HospitalCode.default(''),
  modality: LayoutModality.default(''),
  kind: z.enum(LAYOUT_KINDS).default('report'),
  name: z.string().trim().min(1).max(64),
  elements: z.array(TemplateElementSchema).min(1).max(500),
});
export type LayoutSave = z.infer<typeof LayoutSaveSchema>;
/** What a client sends (defaults filled by the server). */
export type LayoutSaveInput = z.input<typeof LayoutSaveSchema>;

/** Activation: the live version the administrator saw (another activation meanwhile is a 409). */
export const LayoutActivateSchema = z.strictObject({ pk: pkInput(), version: intInput(0) });

/** What activating a layout would change: the studies not yet audited that would be drawn on it. */
export const LayoutImpactSchema = z.object({ studies: z.number().int() });

export const ApplyFormRequestSchema = z.strictObject({ study_iuid: z.string().trim().min(1).max(64) });
