import type { TFunction } from 'i18next';
import type { ListSpec } from '@web/components/list-page/fields';

type Options = { value: string; label: string }[];

/** The filters of POST /us/client/queryAllList. */
export interface StationFilters {
  keyword: string;
  status: string;
  call_room: string;
  hospital_code: string;
}

/** The filters of POST /us/number/queryList. */
export interface SegmentFilters {
  keyword: string;
  hospital_code: string;
}

const hospitalField = (t: TFunction<'usStation'>, hospitals: Options | null) =>
  hospitals
    ? [
        {
          kind: 'select' as const,
          name: 'hospital_code' as const,
          label: t('fields.hospital'),
          testId: 'hospital',
          options: hospitals,
        },
      ]
    : [];

/** Stations: keyword (name, ip, room), room, in service and, for the super administrator, the hospital. */
export function stationSpec(
  t: TFunction<'usStation'>,
  rooms: Options,
  hospitals: Options | null,
): ListSpec<StationFilters> {
  return {
    empty: { keyword: '', status: '', call_room: '', hospital_code: '' },
    defaultSort: { column: 'pk', order: 'asc' },
    sortColumns: [],
    fields: [
      { kind: 'text', name: 'keyword', label: t('stationKeyword'), testId: 'keyword', maxLength: 64 },
      { kind: 'select', name: 'call_room', label: t('fields.call_room'), testId: 'room', options: rooms },
      {
        kind: 'select',
        name: 'status',
        label: t('fields.status'),
        testId: 'status',
        options: [
          { value: '1', label: t('on') },
          { value: '0', label: t('off') },
        ],
      },
      ...hospitalField(t, hospitals),
    ],
  };
}

/** Segments: keyword (prefix or room) and, for the super administrator, the hospital. */
export function segmentSpec(t: TFunction<'usStation'>, hospitals: Options | null): ListSpec<SegmentFilters> {
  return {
    empty: { keyword: '', hospital_code: '' },
    defaultSort: { column: 'pk', order: 'asc' },
    sortColumns: [],
    fields: [
      { kind: 'text', name: 'keyword', label: t('segmentKeyword'), testId: 'keyword', maxLength: 64 },
      ...hospitalField(t, hospitals),
    ],
  };
}

/** A segment's range as the desk shows it: B101–B199. */
export const rangeLabel = (s: { prefix: string; start_no: number; end_no: number }) =>
  `${s.prefix}${s.start_no}–${s.prefix}${s.end_no}`;
