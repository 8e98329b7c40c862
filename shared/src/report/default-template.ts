import type { TemplateElement } from '../schemas/report';

let n = 0;
const id = (p: string) => `${p}-${++n}`;
const label = (text: string, style: TemplateElement['style'] = {}): TemplateElement => ({
  tag: 'textContent',
  uuid: id('lbl'),
  text,
  style: { fontWeight: 'bold', ...style },
});
const field = (jfield: string, width = '25%'): TemplateElement => ({
  tag: 'input',
  uuid: id('fld'),
  jfield,
  style: { width },
});
/** A signature image (report_doctor_sign, sh_doctor_sign): empty until the report is audited. */
const signImage = (jfield: string): TemplateElement => ({
  tag: 'imgCom',
  uuid: id('sig'),
  jfield,
  style: { height: '12mm', width: '30mm', objectFit: 'contain', objectPosition: 'left center' },
});
const row = (childs: TemplateElement[]): TemplateElement => ({
  tag: 'div',
  uuid: id('row'),
  class: 'rpt-row',
  style: { display: 'flex', alignItems: 'baseline', gap: '2mm' },
  childs,
});

/** The installation's default A4 report layout (hospital '' and modality ''): header, patient, texts, signatures. */
export const DEFAULT_TEMPLATE_ELEMENTS: TemplateElement[] = [
  {
    tag: 'textContent',
    uuid: 'title1',
    jfield: 'hospital_title1',
    class: 'rpt-title',
    style: { textAlign: 'center', fontSize: 26, fontWeight: 'bold' },
  },
  {
    tag: 'textContent',
    uuid: 'title2',
    jfield: 'hospital_title2',
    class: 'rpt-subtitle',
    style: { textAlign: 'center', fontSize: 20 },
  },
  { tag: 'hr', uuid: 'hr-top' },
  row([
    label('姓名：'),
    field('patient_name'),
    label('性别：'),
    field('patient_sex', '10%'),
    label('年龄：'),
    field('patient_age', '10%'),
  ]),
  row([
    label('检查号：'),
    field('accession_no'),
    label('病人ID：'),
    field('patient_id'),
    label('科室：'),
    field('department', '15%'),
  ]),
  row([label('检查部位：'), field('study_desc', '45%'), label('检查时间：'), field('study_datetime', '30%')]),
  { tag: 'hr', uuid: 'hr-info' },
  { tag: 'imgList', uuid: 'images', style: { minHeight: '0mm' } },
  label('影像所见：', { marginTop: '3mm' }),
  { tag: 'textarea', uuid: 'findings', jfield: 'report_text1', style: { minHeight: '100mm', fontSize: 16 } },
  label('诊断意见：', { marginTop: '3mm' }),
  { tag: 'textarea', uuid: 'opinion', jfield: 'report_text2', style: { minHeight: '40mm', fontSize: 16 } },
  { tag: 'hr', uuid: 'hr-sign' },
  {
    tag: 'div',
    uuid: 'signatures',
    style: { position: 'relative' },
    childs: [
      row([
        label('报告医生：'),
        field('report_doctor', '15%'),
        signImage('report_doctor_sign'),
        label('报告时间：'),
        field('report_datetime', '35%'),
      ]),
      row([
        label('审核医生：'),
        field('sh_doctor', '15%'),
        signImage('sh_doctor_sign'),
        label('审核时间：'),
        field('sh_datetime', '35%'),
      ]),
      // The hospital's seal over the signatures; like them, shown on audited reports only.
      {
        tag: 'imgCom',
        uuid: 'seal',
        jfield: 'hospital_seal',
        style: { position: 'absolute', right: '8mm', top: '-8mm', height: '32mm', opacity: 0.85 },
      },
    ],
  },
  // With the patient ID or accession number, the code opens the patient's own exams at /patientInfo.
  row([label('报告查询码：', { fontWeight: 'normal', fontSize: 12 }), field('lookup_code', '30%')]),
  {
    tag: 'textContent',
    uuid: 'footer',
    text: '本报告仅供临床参考',
    style: { textAlign: 'center', fontSize: 12, marginTop: '2mm' },
  },
];
