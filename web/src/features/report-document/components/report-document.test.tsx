import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { EMPTY_DETAIL, PAGE_SPLIT_MARKER, type ReportDetailValues } from '@shared/report/document';
import type { ReportDetail, TemplateElement } from '@shared/schemas/report';
import { resources } from '@web/locales/resources';
import { DEFAULT_TEMPLATE_ELEMENTS } from '@shared/report/default-template';
import type { ReportDocumentProps } from '@web/lib/report-document-props';
import { ReportDocument } from './report-document';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ resources, lng: 'zh-CN', interpolation: { escapeValue: false } });

const report: ReportDetail = {
  rpt_pk: 1,
  rpt_position: 1,
  rpt_status: 2,
  rpt_good_status: 1,
  image_quality: null,
  rpt_model_id: 'm',
  rpt_detail: null,
  report_text1: '',
  report_text2: '',
  report_doctor: '李医生',
  report_datetime: '2026-11-21 10:00:00',
  sh_doctor: '王主任',
  sh_datetime: '2026-11-21 11:00:00',
  is_critical: 0,
  danger_val: '',
  print_status: 0,
  third_party_pdf: '',
  version: 3,
  updated_by: '',
  updated_at: '',
};
const study = { patient_name: '张三', patient_sex: 'M', patient_age: '42', hospital_title1: '示例人民医院' };

function render(over: Partial<ReportDocumentProps> = {}) {
  const props: ReportDocumentProps = {
    template: DEFAULT_TEMPLATE_ELEMENTS,
    study,
    report,
    findings: '肝脏大小形态正常。',
    opinion: '未见异常。',
    detail: EMPTY_DETAIL,
    editable: true,
    multiPage: true,
    mode: 'screen',
    ...over,
  };
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ReportDocument {...props} />
    </I18nextProvider>,
  );
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

/** The same document for a reader whose screen is in English. */
function renderForEnglishReader(over: Partial<ReportDocumentProps> = {}) {
  const english = i18next.createInstance();
  void english.use(initReactI18next).init({ resources, lng: 'en-US', interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={english}>
      <ReportDocument
        {...{ template: DEFAULT_TEMPLATE_ELEMENTS, study, report, findings: '', opinion: '', editable: false }}
        {...{ detail: { ...EMPTY_DETAIL, title_suffix: 1 }, multiPage: true, mode: 'print' as const, ...over }}
      />
    </I18nextProvider>,
  );
}

describe('ReportDocument', () => {
  it('renders the demo layout with bound fields and both texts', () => {
    const html = render();
    expect(html).toContain('示例人民医院');
    expect(html).toContain('张三');
    expect(html).toContain('>男<');
    expect(html).toContain('李医生');
    expect(html).toContain('肝脏大小形态正常。');
    expect(html).toContain('未见异常。');
    expect(count(html, 'data-testid="report-page"')).toBe(1);
  });

  it('signs the default layout with both doctors and both times (report and audit)', () => {
    const html = render({ mode: 'print', editable: false });
    for (const text of ['报告医生', '李医生', '报告时间', '2026-11-21 10:00:00', '审核医生', '王主任', '审核时间'])
      expect(html).toContain(text);
    expect(html).toContain('2026-11-21 11:00:00');
  });

  it('writes the report in its own language whatever the reader’s screen uses (sex, title suffix)', () => {
    const html = renderForEnglishReader();
    expect(html).toContain('>男<');
    expect(html).not.toContain('Male');
    expect(html).toContain('（急诊）');
    const inEnglish = renderForEnglishReader({ locale: 'en-US' });
    expect(inEnglish).toContain('>Male<');
  });

  it('prints a sex not recorded as unknown, and other only for an explicit O', () => {
    const sex = (patient_sex: string, locale?: 'en-US') => {
      const html = renderForEnglishReader({ study: { ...study, patient_sex }, ...(locale ? { locale } : {}) });
      return /data-testid="rd-field-patient_sex"[^>]*>([^<]*)</.exec(html)?.[1];
    };
    expect(['M', 'F', 'O', ''].map((v) => sex(v))).toEqual(['男', '女', '其他', '未知']);
    expect(['O', ''].map((v) => sex(v, 'en-US'))).toEqual(['Other', 'Unknown']);
  });

  it('shows one extra page per marker, each with a delete button only while editable', () => {
    const findings = `第一页${PAGE_SPLIT_MARKER}第二页${PAGE_SPLIT_MARKER}第三页`;
    const html = render({ findings });
    expect(count(html, 'data-testid="report-page"')).toBe(3);
    expect(html).toContain('data-testid="page-delete-1"');
    expect(html).toContain('data-testid="page-delete-2"');
    expect(html).not.toContain('page-delete-0');
    expect(html).not.toContain(PAGE_SPLIT_MARKER);
    expect(render({ findings, editable: false })).not.toContain('page-delete-');
    expect(render({ findings, mode: 'print' })).not.toContain('page-delete-');
  });

  it('text areas are disabled when not editable and become plain text in print', () => {
    expect(render()).toMatch(/<textarea[^>]*data-testid="page-text-findings"/);
    expect(render({ editable: false })).toMatch(/<textarea[^>]*disabled=""[^>]*data-testid="page-text-findings"/);
    const print = render({ mode: 'print' });
    expect(print).not.toContain('<textarea');
    expect(print).toMatch(/<div[^>]*data-testid="page-text-findings"[^>]*>肝脏大小形态正常。<\/div>/);
  });

  it('shows the title suffix and the watermark', () => {
    const detail: ReportDetailValues = { ...EMPTY_DETAIL, title_suffix: 2 };
    const html = render({ detail, watermark: '急诊', mode: 'print' });
    expect(html).toContain('data-suffix="critical"');
    expect(html).toContain('（危急值）');
    expect(html).toContain('data-testid="report-watermark"');
    expect(render()).not.toContain('report-watermark');
  });

  it('renders every element tag, with table totals and formulas from the typed values', () => {
    const template: TemplateElement[] = [
      { tag: 'imgCom', uuid: 'logo', jfield: 'hospital_logo' },
      { tag: 'imgList', uuid: 'imgs' },
      {
        tag: 'nestDiv',
        uuid: 'box',
        childs: [
          { tag: 'input', uuid: 'own', text: 'x' },
          { tag: 'checkbox', uuid: 'cb', data: { options: ['甲', '乙'] } },
          { tag: 'radio', uuid: 'rd', data: { options: ['是', '否'] } },
          { tag: 'module', uuid: 'md', data: { options: ['模块一', '模块二'] } },
        ],
      },
      {
        tag: 'table',
        uuid: 't',
        data: {
          rows: [
            [{ text: '长' }, {}, {}, { model: '1' }],
            [{ text: '半' }, { formula: 'D1/2' }, { model: '2' }],
          ],
        },
      },
      { tag: 'usRange', uuid: 'fl', data: { label: 'FL', unit: 'mm', ranges: [{ month: 5, min: 30, max: 40 }] } },
      { tag: 'textarea', uuid: 'f', jfield: 'findings' },
    ];
    const detail: ReportDetailValues = {
      title_suffix: 0,
      images: ['/img/a.jpg'],
      values: { own: '自填', cb: ['乙'], rd: '否', md: '模块二', 't.0.1': '3', 't.0.2': '5', fl: '45', 'fl.month': 5 },
    };
    const html = render({ template, detail, mode: 'print', resolveUrl: (s) => `https://core.example${s}` });
    expect(html).toContain('src="https://core.example/img/a.jpg"');
    expect(html).toContain('自填');
    expect(html).toContain('name="cb" checked=""/>乙');
    expect(html).toContain('name="rd" checked=""/>否');
    expect(html).toContain('模块二');
    expect(html).toMatch(/data-testid="rd-cell-t.0.3">8</);
    expect(html).toMatch(/data-testid="rd-cell-t.1.1">4</);
    expect(html).toContain('colSpan="2" data-testid="rd-cell-t.1.2"');
    expect(html).toContain('data-status="high"');
    expect(html).toContain('偏高');
    expect(html).not.toContain('class="rd-img"');
  });
});
