import { Button, Input, InputNumber, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_LINK_DAYS, type ShareLink } from '@shared/schemas/patient-lookup';
import { feedback } from '@web/lib/feedback';
import { appUrl, useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/patient-lookup-api';

/** Make a patient link (shown once), and the study's open links with revoke. */
export function ShareLinkModal({ studyIuid, onClose }: { studyIuid: string; onClose: () => void }) {
  const { t } = useTranslation('patientLookup');
  const [days, setDays] = useState<number>(SHARE_LINK_DAYS.default);
  const [url, setUrl] = useState('');
  const links = useShareLinks(studyIuid, true);
  const create = useCreateShareLink(studyIuid);
  const revoke = useRevokeShareLink(studyIuid);

  const make = () =>
    create.mutate({ study_iuid: studyIuid, days }, { onSuccess: (created) => setUrl(appUrl(created.path)) });
  const copy = async () => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    void feedback().message.success(t('share.copied'));
  };

  const columns = [
    { title: t('share.createdBy'), dataIndex: 'created_by', key: 'created_by' },
    { title: t('share.createdAt'), dataIndex: 'created_at', key: 'created_at' },
    { title: t('share.expiresAt'), dataIndex: 'expires_at', key: 'expires_at' },
    {
      title: '',
      key: 'revoke',
      render: (_: unknown, l: ShareLink) => (
        <Popconfirm
          title={t('share.revokeConfirm')}
          onConfirm={() => revoke.mutateAsync(l.pk)}
          okButtonProps={{ 'data-testid': 'share-revoke-ok' } as Record<string, string>}
        >
          <Button size="small" danger data-testid={`share-revoke-${l.pk}`}>
            {t('share.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Modal open title={t('share.title')} onCancel={onClose} footer={null} width={720}>
      {/* On the dialog's content: the Modal's own props land on its zero-size root. */}
      <div data-testid="share-modal">
        <Space wrap style={{ marginBottom: 12 }}>
          <span>{t('share.days')}</span>
          <InputNumber
            min={SHARE_LINK_DAYS.min}
            max={SHARE_LINK_DAYS.max}
            precision={0}
            value={days}
            onChange={(v) => setDays(v ?? SHARE_LINK_DAYS.default)}
            data-testid="share-days"
          />
          <Button type="primary" onClick={make} loading={create.isPending} data-testid="share-create">
            {t('share.create')}
          </Button>
        </Space>
        {url && (
          <div style={{ marginBottom: 12 }}>
            <Typography.Text type="secondary">{t('share.onceHint')}</Typography.Text>
            <Space.Compact style={{ width: '100%', marginTop: 4 }}>
              <Input readOnly value={url} data-testid="share-url" />
              <Button onClick={() => void copy()} data-testid="share-copy">
                {t('share.copy')}
              </Button>
            </Space.Compact>
          </div>
        )}
        <Typography.Title level={5}>{t('share.active')}</Typography.Title>
        <Table
          rowKey="pk"
          size="small"
          columns={columns}
          dataSource={links.data ?? []}
          loading={links.isPending}
          pagination={false}
          locale={{ emptyText: t('share.noLinks') }}
          data-testid="share-links"
        />
      </div>
    </Modal>
  );
}
