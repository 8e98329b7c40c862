import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RPT_STATUSES } from '@shared/constants';
import type { z } from 'zod';
import type { HospitalOptionSchema } from '@shared/schemas/order';
import { apiPost } from '@web/lib/api-client';
import { useMyModalities } from '@web/lib/user-info';
import { statusKey } from './rpt-status-tag';

type Hospital = z.infer<typeof HospitalOptionSchema>;
type Props<T> = Omit<SelectProps<T>, 'options' | 'mode'> & { 'data-testid'?: string };

/** The hospitals the caller may see (all for the super administrator, else their own). */
export const useHospitalOptions = () =>
  useQuery({
    queryKey: ['hospitals'],
    queryFn: () => apiPost<Hospital[]>('/hospital/getHospitalNameAndSn'),
    staleTime: 10 * 60_000,
  });

/** A hospital's name by its code (sn), the code itself until the names are in or for one unknown. */
export function useHospitalName(sn: string): string {
  const { data } = useHospitalOptions();
  return data?.find((h) => h.sn === sn)?.name ?? sn;
}

/** The hospitals the caller may filter by (all for the super administrator, else their own). */
export function HospitalSelect(props: Props<string>) {
  const { t } = useTranslation('study');
  const { data, isLoading } = useHospitalOptions();
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      placeholder={t('filters.hospital')}
      options={(data ?? []).map((h) => ({ value: h.sn, label: h.name }))}
      {...props}
    />
  );
}

/** The modalities the user may choose (their data2 list when set). */
export function ModalitySelect(props: Props<string[]>) {
  const { t } = useTranslation('study');
  const modalities = useMyModalities();
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder={t('filters.modalities')}
      options={modalities.map((m) => ({ value: m, label: m }))}
      {...props}
    />
  );
}

export function RptStatusSelect(props: Props<number[]>) {
  const { t } = useTranslation('study');
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder={t('filters.status')}
      options={RPT_STATUSES.map((s) => ({ value: s, label: t(statusKey(s)) }))}
      {...props}
    />
  );
}
