import { Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '@web/lib/user-info';

/** The user's profile as the server holds it (read-only: no profile update endpoint exists yet). */
export function BaseTab() {
  const { t } = useTranslation('account');
  const { data } = useUserInfo();
  if (!data) return <Skeleton active />;
  const u = data.user;
  const gender = u.gender === 'M' ? t('base.male') : u.gender === 'F' ? t('base.female') : u.gender;
  const rows = [
    ['username', u.username],
    ['ch_name', u.ch_name],
    ['en_name', u.en_name],
    ['gender', gender],
    ['birthday', u.birthday],
    ['phone', u.phone],
    ['email', u.email],
    ['hospital', u.hospital_name || u.hospital_code],
    ['department', u.department],
    ['role', u.role_name],
  ] as const;
  return (
    <Descriptions
      title={t('tabs.base')}
      column={1}
      bordered
      size="middle"
      data-testid="settings-base"
      items={rows.map(([key, value]) => ({
        key,
        label: t(`base.${key}`),
        children: <span data-testid={`base-${key}`}>{value || '—'}</span>,
      }))}
    />
  );
}
