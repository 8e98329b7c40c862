import type { TemplateElement } from '@shared/schemas/report';

/** Used only when the server has no layout at all (not even the installation default). */
export const FALLBACK_TEMPLATE: TemplateElement[] = [
  {
    tag: 'textContent',
    uuid: 'title',
    jfield: 'hospital_title1',
    style: { textAlign: 'center', fontSize: 24, fontWeight: 'bold' },
  },
  { tag: 'textContent', uuid: 'subtitle', jfield: 'hospital_title2', style: { textAlign: 'center', fontSize: 18 } },
  { tag: 'hr', uuid: 'hr1' },
  {
    tag: 'div',
    uuid: 'patient',
    style: { display: 'flex', gap: '4mm' },
    childs: [
      { tag: 'input', uuid: 'name', jfield: 'patient_name' },
      { tag: 'input', uuid: 'sex', jfield: 'patient_sex' },
      { tag: 'input', uuid: 'age', jfield: 'patient_age' },
      { tag: 'input', uuid: 'acc', jfield: 'accession_no' },
      { tag: 'input', uuid: 'desc', jfield: 'study_desc' },
    ],
  },
  { tag: 'hr', uuid: 'hr2' },
  { tag: 'textarea', uuid: 'findings', jfield: 'report_text1', style: { minHeight: '120mm' } },
  { tag: 'textarea', uuid: 'opinion', jfield: 'report_text2', style: { minHeight: '40mm' } },
  { tag: 'hr', uuid: 'hr3' },
  {
    tag: 'div',
    uuid: 'sign',
    style: { display: 'flex', gap: '6mm' },
    childs: [
      { tag: 'input', uuid: 'rd', jfield: 'report_doctor' },
      { tag: 'imgCom', uuid: 'rd-sign', jfield: 'report_doctor_sign', style: { height: '12mm' } },
      { tag: 'input', uuid: 'sd', jfield: 'sh_doctor' },
      { tag: 'imgCom', uuid: 'sd-sign', jfield: 'sh_doctor_sign', style: { height: '12mm' } },
      { tag: 'imgCom', uuid: 'seal', jfield: 'hospital_seal', style: { height: '30mm' } },
      { tag: 'input', uuid: 'dt', jfield: 'report_datetime' },
    ],
  },
];
