import { Col, Descriptions, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '@web/lib/user-info';
import { AvatarUpload } from './avatar-upload';
import { ProfileForm } from './profile-form';
import { SignImageCard } from './sign-image-card';

/** The profile: the user's own fields to edit, the avatar, and what the administrator sets (read-only). */
export function BaseTab() {
  const { t } = useTranslation('account');
  const { data } = useUserInfo();
  if (!data) return <Skeleton active />;
  const u = data.user;
  const fixed = [
    ['username', u.username],
    ['hospital', u.hospital_name || u.hospital_code],
    ['department', u.department],
    ['role', u.role_name],
  ] as const;
  return (
    <div data-testid="settings-base">
      <Typography.Title level={5}>{t('tabs.base')}</Typography.Title>
      <Row gutter={[48, 24]}>
        <Col xs={24} lg={14}>
          <Descriptions
            column={1}
            size="small"
            style={{ maxWidth: 440, marginBottom: 24 }}
            items={fixed.map(([key, value]) => ({
              key,
              label: t(`base.${key}`),
              children: <span data-testid={`base-${key}`}>{value || '—'}</span>,
            }))}
          />
          <ProfileForm key={`${u.pk}`} user={u} />
        </Col>
        <Col xs={24} lg={10}>
          <AvatarUpload src={u.head_photo} />
          <div style={{ marginTop: 32 }}>
            <SignImageCard />
          </div>
        </Col>
      </Row>
    </div>
  );
}
