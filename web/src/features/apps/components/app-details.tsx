import { Button, Descriptions, Image, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppRow } from '@shared/schemas/apps';
import { useHospitalName } from '@web/components/study-selects';

interface Props {
  row: AppRow | null;
  onClose: () => void;
}

/** Every field of an app; the secret only as a note (it is stored hashed and never sent). */
export function AppDetails({ row, onClose }: Props) {
  const { t } = useTranslation('apps');
  const orNone = (v: string): ReactNode => v || t('details.none');
  const orderHospital = useHospitalName(row?.order_hospital_code ?? '');
  const picture = (src: string) => (src ? <Image src={src} height={32} preview={false} alt="" /> : t('details.none'));
  return (
    <Modal
      open={row !== null}
      title={t('details.title')}
      width={720}
      onCancel={onClose}
      footer={
        <Button onClick={onClose} data-testid="app-details-close">
          {t('details.close')}
        </Button>
      }
      destroyOnHidden
    >
      {row && (
        <Descriptions column={1} bordered size="small" data-testid="app-details" styles={{ label: { width: 140 } }}>
          <Descriptions.Item label={t('fields.app_name')}>{row.app_name}</Descriptions.Item>
          <Descriptions.Item label={t('fields.client_id')}>
            <Typography.Text copyable code data-testid="app-details-client-id">
              {row.client_id}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.client_secret')}>
            <Typography.Text type="secondary">{t('details.secretHidden')}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.server_url')}>{orNone(row.server_url)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.redirect_uris')}>
            {row.redirect_uris.map((u) => (
              <div key={u}>
                <Typography.Text code>{u}</Typography.Text>
              </div>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.order_hospital_code')}>{orNone(orderHospital)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.group_logo')}>{picture(row.group_logo)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.group_favicon')}>{picture(row.group_favicon)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.remark')}>{orNone(row.remark)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.create_name')}>{orNone(row.create_name)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.create_time')}>{orNone(row.create_time)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.update_name')}>{orNone(row.update_name)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.update_time')}>{orNone(row.update_time)}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
