import type { TFunction } from 'i18next';
import { MODALITIES } from '@shared/constants';
import { DEVICE_SORTS, HOSPITAL_SORTS } from '@shared/schemas/admin-org';
import type { ListSpec } from '@web/components/list-page/fields';

export interface HospitalFilters {
  keyword: string;
}
export interface DeviceFilters {
  keyword: string;
  modality: string;
  status: string;
  sn: string;
}

export function hospitalSpec(t: TFunction<'adminOrg'>): ListSpec<HospitalFilters> {
  return {
    empty: { keyword: '' },
    defaultSort: { column: 'sn', order: 'asc' },
    sortColumns: HOSPITAL_SORTS,
    fields: [{ kind: 'text', name: 'keyword', label: t('hospital.keyword'), testId: 'keyword', maxLength: 64 }],
  };
}

export function deviceSpec(t: TFunction<'adminOrg'>): ListSpec<DeviceFilters> {
  return {
    empty: { keyword: '', modality: '', status: '', sn: '' },
    defaultSort: { column: 'pk', order: 'asc' },
    sortColumns: DEVICE_SORTS,
    fields: [
      { kind: 'text', name: 'keyword', label: t('device.keyword'), testId: 'keyword', maxLength: 64 },
      {
        kind: 'select',
        name: 'modality',
        label: t('device.modality'),
        testId: 'modality',
        options: MODALITIES.map((m) => ({ value: m, label: m })),
      },
      {
        kind: 'select',
        name: 'status',
        label: t('device.status'),
        testId: 'status',
        options: [
          { value: '1', label: t('device.on') },
          { value: '0', label: t('device.off') },
        ],
      },
      { kind: 'hospital', name: 'sn', label: t('device.hospital'), testId: 'hospital', more: true },
    ],
  };
}
