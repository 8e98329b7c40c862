import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import { resources } from '@web/locales/resources';
import { studyColumns } from './study-columns';

function i18nIn(lng: 'zh-CN' | 'en-US') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ resources, lng, interpolation: { escapeValue: false } });
  return i18n;
}

/** The worklist's sex cell (the favourites and the history dialog share the columns) for each value. */
function sexCells(lng: 'zh-CN' | 'en-US', values: string[]) {
  const i18n = i18nIn(lng);
  const column = studyColumns(i18n.getFixedT(lng, 'study')).find(
    (c) => 'dataIndex' in c && c.dataIndex === 'patient_sex',
  );
  return values.map((v) =>
    renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>{column!.render!(v, { patient_sex: v } as StudyRow, 0) as never}</I18nextProvider>,
    ).replace(/<[^>]+>/g, ''),
  );
}

describe('patient sex in the study lists', () => {
  it('shows a study without a sex as unknown, and other only for an explicit O', () => {
    expect(sexCells('zh-CN', ['M', 'F', 'O', ''])).toEqual(['男', '女', '其他', '未知']);
    expect(sexCells('en-US', ['M', 'F', 'O', ''])).toEqual(['Male', 'Female', 'Other', 'Unknown']);
  });
});
