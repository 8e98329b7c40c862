import { z } from 'zod';
import { NAME_MAX } from '../constants';
import { DeviceHostSchema } from './admin-org';
import { intInput, pkInput } from './common';

/** The hospital information system's side (issue 38, docs/his.md): HL7 v2 interfaces and the orders they place. */

/** HL7 table 0211 names an interface may be set to (MSH-18 of what it sends without one, and of our results). */
export const HIS_CHARSETS = ['UNICODE UTF-8', 'GB 18030-2000', '8859/1', 'ASCII'] as const;

export const Hl7PeerSaveSchema = z.strictObject({
  pk: pkInput().optional(),
  name: z.string().trim().min(1).max(NAME_MAX),
  /** A hospital administrator's interfaces are always in their own hospital. */
  hospital_code: z.string().trim().max(32).optional(),
  address: DeviceHostSchema,
  facility: z.string().trim().max(64).default(''),
  charset: z.enum(HIS_CHARSETS).default('UNICODE UTF-8'),
  result_host: DeviceHostSchema.or(z.literal('')).default(''),
  result_port: intInput(0, 65535).default(0),
  status: intInput(0, 1).default(1),
});
export type Hl7PeerSave = z.input<typeof Hl7PeerSaveSchema>;

export const Hl7PeerRowSchema = z.object({
  pk: z.number().int(),
  name: z.string(),
  hospital_code: z.string(),
  hospital_name: z.string(),
  address: z.string(),
  facility: z.string(),
  charset: z.string(),
  result_host: z.string(),
  result_port: z.number().int(),
  status: z.number().int(),
});
export type Hl7PeerRow = z.infer<typeof Hl7PeerRowSchema>;

export const Hl7PeerListQuerySchema = z.strictObject({
  hospital_code: z.string().trim().max(32).optional(),
});

export const Hl7PeerDeleteSchema = z.strictObject({ pk: pkInput() });

/** A patient as the HIS sends it (PID, FHIR Patient). */
export interface HisPatient {
  id: string;
  name: string;
  sex: 'M' | 'F' | 'O' | '';
  /** YYYYMMDD or '' */
  birth_date: string;
  phone: string;
  card_no: string;
}

/** An order's fields as mapped from the HIS message (his_order.data), whatever carried it. */
export interface HisOrderData {
  placer_no: string;
  /** '' when the HIS gave none: the platform numbers it. */
  accession_no: string;
  /** From OMI's IPC-3 (the HIS's own UID), else ''. */
  study_iuid: string;
  patient: HisPatient;
  /** 1 outpatient, 2 inpatient, 3 emergency, 4 physical exam, 6 other; null unknown. */
  patient_type: number | null;
  department: string;
  bed_no: string;
  modality: string;
  procedure_code: string;
  study_desc: string;
  /** ISO time, '' when not given (then: when it arrived). */
  scheduled_at: string;
  sq_doctor: string;
  diagnosis: string;
  /** Decimal text, '' when not given. */
  price: string;
}

// ---------------------------------------------------------------- the spec's HIS calls on the order store

export const HIS_ORDER_STATUSES = ['scheduled', 'cancelled', 'held'] as const;

/** POST /api/order/queryRegisterList: the HIS orders received, newest first. */
export const QueryRegisterListSchema = z.strictObject({
  pageNumber: intInput(1, 100_000).default(1),
  pageSize: intInput(1, 500).default(20),
  sn: z.string().trim().max(32).optional(),
  /** Patient id, placer number, accession number or card number. */
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(HIS_ORDER_STATUSES).optional(),
  startDate: z.iso.date().optional(),
  endDate: z.iso.date().optional(),
});

export const HisOrderRowSchema = z.object({
  pk: z.number().int(),
  hospital_code: z.string(),
  source: z.string(),
  placer_no: z.string(),
  accession_no: z.string(),
  patient_id: z.string(),
  patient_name: z.string(),
  modality: z.string(),
  study_desc: z.string(),
  scheduled_at: z.string(),
  status: z.string(),
  study_iuid: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HisOrderRow = z.infer<typeof HisOrderRowSchema>;

/** POST /api/order/syncRegisterInfo: (re)make the scheduled study of HIS orders from what the HIS sent last. */
export const SyncRegisterInfoSchema = z.strictObject({
  pks: z.array(pkInput()).min(1).max(200),
});
