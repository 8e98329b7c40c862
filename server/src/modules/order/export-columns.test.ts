import { describe, expect, it } from 'vitest';
import type { StudyRow } from '@shared/schemas/order';
import { STUDY_EXPORT_COLUMNS } from './export-columns';

describe('study list export', () => {
  it('writes an empty sex as unknown and only an explicit O as other, in the caller language', () => {
    const sex = STUDY_EXPORT_COLUMNS.find((c) => c.header['en-US'] === 'Sex')!;
    const cell = (patient_sex: string, l: 'zh-CN' | 'en-US') => sex.value({ patient_sex } as StudyRow, l);
    expect(['M', 'F', 'O', ''].map((v) => cell(v, 'zh-CN'))).toEqual(['男', '女', '其他', '未知']);
    expect(['M', 'F', 'O', ''].map((v) => cell(v, 'en-US'))).toEqual(['Male', 'Female', 'Other', 'Unknown']);
  });
});
