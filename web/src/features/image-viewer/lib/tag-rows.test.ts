import { describe, expect, it } from 'vitest';
import type { ImageTag } from '@shared/schemas/image-viewer';
import { filterRows, parentKeys, tagRows } from './tag-rows';

const el = (tag: string, keyword: string, value: string, items?: ImageTag[][]): ImageTag => ({
  tag,
  keyword,
  vr: items ? 'SQ' : 'LO',
  value,
  length: items ? items.length : value.length,
  cut: false,
  ...(items ? { items } : {}),
});

const rows = tagRows([
  el('(0010,0010)', 'PatientName', 'Zhang^San'),
  el('(0008,1140)', 'ReferencedImageSequence', '', [
    [el('(0008,1150)', 'ReferencedSOPClassUID', '1.2.840'), el('(0008,1155)', 'ReferencedSOPInstanceUID', '1.2.3.4')],
  ]),
  el('(0028,0010)', 'Rows', '512'),
]);

describe('the tag browser’s rows and filter', () => {
  it('a sequence holds its items, an item its elements', () => {
    expect(rows[1]!.children![0]).toMatchObject({ item: 1, tag: '(fffe,e000)' });
    expect(rows[1]!.children![0]!.children!.map((r) => r.keyword)).toEqual([
      'ReferencedSOPClassUID',
      'ReferencedSOPInstanceUID',
    ]);
    expect(parentKeys(rows)).toEqual(['1', '1.0']);
  });

  it('filters by keyword, tag (with or without punctuation) or value, keeping the way to a nested match', () => {
    expect(filterRows(rows, ' patientname ').map((r) => r.keyword)).toEqual(['PatientName']);
    expect(filterRows(rows, '00280010').map((r) => r.keyword)).toEqual(['Rows']);
    expect(filterRows(rows, '(0028,0010)').map((r) => r.keyword)).toEqual(['Rows']);
    const nested = filterRows(rows, '1.2.3.4');
    expect(nested.map((r) => r.keyword)).toEqual(['ReferencedImageSequence']);
    expect(nested[0]!.children![0]!.children!.map((r) => r.keyword)).toEqual(['ReferencedSOPInstanceUID']);
    expect(filterRows(rows, 'nothing like it')).toEqual([]);
    expect(filterRows(rows, '')).toBe(rows);
  });
});
