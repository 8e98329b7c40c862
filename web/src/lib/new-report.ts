import type { ReportDetail } from '@shared/schemas/report';

/** A report position that has never been saved: what the screen edits until the first save creates it. */
export function newReport(position: number): ReportDetail {
  return {
    rpt_pk: null,
    rpt_position: position,
    rpt_status: 0,
    rpt_good_status: null,
    image_quality: null,
    rpt_model_id: '',
    rpt_detail: null,
    report_text1: '',
    report_text2: '',
    report_doctor: '',
    report_datetime: '',
    sh_doctor: '',
    sh_datetime: '',
    is_critical: 0,
    danger_val: '',
    print_status: 0,
    third_party_pdf: '',
    version: 0,
    updated_by: '',
    updated_at: '',
  };
}
