import { Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { useUserInfo } from '@web/lib/user-info';
import { useStatsHospitals } from '../api/statistics-api';

interface Props {
  value?: string;
  onChange: (sn: string | undefined) => void;
  /** Monthly statistics need a hospital: no "all hospitals" choice there. */
  required?: boolean;
}

/** Hospital staff see their own hospital, preselected and fixed; the super administrator chooses. */
export function HospitalField({ value, onChange, required }: Props) {
  const { t } = useTranslation('statistics');
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const { data, isLoading } = useStatsHospitals();
  const own = !isSuper && data?.length === 1 ? data[0]!.sn : undefined;
  useEffect(() => {
    if (own && value !== own) onChange(own);
  }, [own, value, onChange]);
  return (
    <Select
      data-testid="stats-hospital"
      aria-label={t('filters.hospital')}
      style={{ width: 220 }}
      value={value}
      onChange={onChange}
      disabled={!isSuper}
      allowClear={isSuper && !required}
      loading={isLoading}
      placeholder={required ? t('filters.chooseHospital') : t('filters.allHospitals')}
      showSearch={{ optionFilterProp: 'label' }}
      options={(data ?? []).map((h) => ({ value: h.sn, label: h.name }))}
    />
  );
}
