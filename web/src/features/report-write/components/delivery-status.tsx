import { Button, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus } from '@shared/schemas/report-products';
import { useDelivery, useRetryDelivery } from '../api/products-api';
import type { ReportRef } from '../api/report-api';

const COLOR: Record<Exclude<DeliveryStatus, ''>, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

/** The report's delivery to the hospital system: a tag with the last error, and the retry button. */
export function DeliveryStatusLine({
  reportRef,
  saved,
  canRetry,
}: {
  reportRef: ReportRef;
  saved: boolean;
  canRetry: boolean;
}) {
  const { t } = useTranslation('report');
  const delivery = useDelivery(reportRef, saved);
  const retry = useRetryDelivery(reportRef);
  const d = delivery.data;
  if (!d || (!d.endpoint && !d.status)) return null;
  const tip =
    d.status === 'failed' ? t('delivery.failedTip', { error: d.last_error, attempts: d.attempts }) : undefined;
  return (
    <Space size={4} wrap data-testid="rw-delivery" data-status={d.status || 'none'}>
      <span>{t('delivery.label')}</span>
      <Tooltip title={tip}>
        <Tag color={d.status ? COLOR[d.status] : 'default'} data-testid="rw-delivery-tag">
          {t(`delivery.status.${d.status || 'none'}`)}
        </Tag>
      </Tooltip>
      {canRetry && d.status !== 'pending' && d.status !== 'delivered' && (
        <Button size="small" loading={retry.isPending} onClick={() => retry.mutate()} data-testid="rw-delivery-retry">
          {t('delivery.retry')}
        </Button>
      )}
    </Space>
  );
}
