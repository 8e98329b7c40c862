import { describe, expect, it } from 'vitest';
import { canonicalField, fieldValue, isPageTextField } from './fields';

describe('jfield binding', () => {
  const study = {
    patient_name: '张三',
    patient_age: 42,
    hospital_title1: '示例医院',
    report_doctor: 'old',
    extra: { a: 1 },
  };
  const report = { report_doctor: '李医生', sh_doctor: '', report_text1: 'F' };

  it('reads the report first, then the study', () => {
    expect(fieldValue('report_doctor', study, report)).toBe('李医生');
    expect(fieldValue('patient_name', study, report)).toBe('张三');
    expect(fieldValue('patient_age', study, report)).toBe('42');
  });

  it('understands the short names and shows nothing for unknown or structured values', () => {
    expect(fieldValue('title1', study, report)).toBe('示例医院');
    expect(fieldValue('findings', study, report)).toBe('F');
    expect(fieldValue('nothing', study, report)).toBe('');
    expect(fieldValue('extra', study, report)).toBe('');
    expect(canonicalField('opinion')).toBe('report_text2');
  });

  it('knows which fields are the page texts', () => {
    expect(isPageTextField('report_text1')).toBe(true);
    expect(isPageTextField('opinion')).toBe(true);
    expect(isPageTextField('patient_name')).toBe(false);
    expect(isPageTextField(undefined)).toBe(false);
  });
});
