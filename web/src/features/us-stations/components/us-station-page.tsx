import { Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import { useUserInfo } from '@web/lib/user-info';
import { useHospitalOptions } from '../api/us-station-api';
import { SegmentList } from './segment-list';
import { StationList } from './station-list';

const TABS = ['stations', 'segments'] as const;
type Tab = (typeof TABS)[number];

/** /system/usStation: the ultrasound stations and the number segments of their rooms, one tab each. */
export function UsStationPage() {
  const { t } = useTranslation('usStation');
  const [, setSearch] = useSearchParams();
  const [tab, setTab] = useState<Tab>('stations');
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const hospitalList = useHospitalOptions(isSuper);
  const hospitals = useMemo(
    () => (isSuper ? (hospitalList.data ?? []).map((h) => ({ value: h.code, label: h.name })) : null),
    [isSuper, hospitalList.data],
  );
  return (
    <Tabs
      activeKey={tab}
      // Each list keeps its filters in the URL: the other tab starts from its own defaults.
      onChange={(k) => {
        setSearch(new URLSearchParams(), { replace: true });
        setTab(k as Tab);
      }}
      data-testid="us-station-page"
      items={TABS.map((key) => ({
        key,
        label: <span data-testid={`us-tab-${key}`}>{t(`tabs.${key}`)}</span>,
        children:
          key !== tab ? null : key === 'stations' ? (
            <StationList hospitals={hospitals} />
          ) : (
            <SegmentList hospitals={hospitals} />
          ),
      }))}
    />
  );
}
