import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { MODALITIES } from '@shared/constants';
import { QUEUE_STATES } from '@shared/schemas/queue';
import type { ListSpec } from '@web/components/list-page/fields';

/** The desk's filters (the fields of POST /register/findByPage). */
export interface DeskFilters {
  hospital_code: string;
  call_room: string;
  keyword: string;
  state: string;
  modality: string;
  startDate: string;
  endDate: string;
  /** '1': the deleted registrations (to recover one). */
  is_del: string;
}

export const EMPTY_DESK: DeskFilters = {
  hospital_code: '',
  call_room: '',
  keyword: '',
  state: '',
  modality: '',
  startDate: '',
  endDate: '',
  is_del: '',
};

/** The desk opens on today's queue. */
export const today = (): Partial<DeskFilters> => {
  const d = dayjs().format('YYYY-MM-DD');
  return { startDate: d, endDate: d };
};

interface DeskOptions {
  /** The super administrator's hospitals (code, name); others work in their own and get no hospital field. */
  hospitals: { value: string; label: string }[] | null;
  rooms: string[];
}

/** Filters: hospital (super administrator), room, patient, state, modality, dates, deleted ones. */
export function deskSpec(t: TFunction<'queueDesk'>, o: DeskOptions): ListSpec<DeskFilters> {
  return {
    empty: EMPTY_DESK,
    // The server answers in calling order; there is no column to sort by.
    defaultSort: { column: 'call_no', order: 'asc' },
    sortColumns: [],
    fields: [
      ...(o.hospitals
        ? [
            {
              kind: 'select' as const,
              name: 'hospital_code' as const,
              label: t('fields.hospital'),
              testId: 'hospital',
              options: o.hospitals,
            },
          ]
        : []),
      {
        kind: 'select',
        name: 'call_room',
        label: t('fields.call_room'),
        testId: 'room',
        options: o.rooms.map((r) => ({ value: r, label: r })),
      },
      { kind: 'text', name: 'keyword', label: t('filters.keyword'), testId: 'keyword', maxLength: 64 },
      {
        kind: 'select',
        name: 'state',
        label: t('fields.state'),
        testId: 'state',
        options: QUEUE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
      },
      {
        kind: 'select',
        name: 'modality',
        label: t('fields.modality'),
        testId: 'modality',
        options: MODALITIES.map((m) => ({ value: m, label: m })),
        more: true,
      },
      { kind: 'dateRange', from: 'startDate', to: 'endDate', label: t('filters.day'), testId: 'dates', more: true },
      {
        kind: 'select',
        name: 'is_del',
        label: t('filters.deleted'),
        testId: 'deleted',
        options: [{ value: '1', label: t('filters.deletedOnly') }],
        more: true,
      },
    ],
  };
}
