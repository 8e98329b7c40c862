import { Button, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryState, DeliveryStatus } from '@shared/schemas/report-products';
import { useDelivery, useRetryDelivery } from '../api/products-api';
import type { ReportRef } from '../api/report-api';

const COLOR: Record<Exclude<DeliveryStatus, ''>, string> = {
  pending: 'processing',
  delivered: 'success',
  failed: 'error',
};

/** A label stays on one line; its tag goes under it in the narrow status column. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The HL7 result sent to the HIS (or its withdrawal, or a critical value before sign-off): a tag with the last error. */
function HisTag({ his }: { his: NonNullable<DeliveryState['his']> }) {
  const { t } = useTranslation('report');
  const tip =
    his.status === 'failed' ? t('delivery.hisFailedTip', { error: his.last_error, attempts: his.attempts }) : undefined;
  return (
    <Space size={4} wrap data-testid="rw-his" data-status={his.status} data-kind={his.kind}>
      <span style={NO_WRAP}>{t('delivery.hisLabel')}</span>
      <Tooltip title={tip}>
        <Tag color={COLOR[his.status]} data-testid="rw-his-tag">
          {t(`delivery.status.${his.status}`)}
          {his.kind === 'cancel' && ` · ${t('delivery.hisCancel')}`}
          {his.kind === 'critical' && ` · ${t('delivery.hisCritical')}`}
        </Tag>
      </Tooltip>
    </Space>
  );
}

/**
 * The report's delivery to the hospital system: FHIR (a tag with the last error) and the HL7 result, and the
 * retry button for whichever failed.
 */
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
  const fhir = !!d && (d.endpoint || !!d.status);
  if (!d || (!fhir && !d.his)) return null;
  const tip =
    d.status === 'failed' ? t('delivery.failedTip', { error: d.last_error, attempts: d.attempts }) : undefined;
  const retriable = (fhir && d.status !== 'pending' && d.status !== 'delivered') || d.his?.status === 'failed';
  return (
    <Space size={8} wrap data-testid="rw-delivery" data-status={d.status || 'none'}>
      {fhir && (
        <Space size={4} wrap>
          <span style={NO_WRAP}>{t('delivery.label')}</span>
          <Tooltip title={tip}>
            <Tag color={d.status ? COLOR[d.status] : 'default'} data-testid="rw-delivery-tag">
              {t(`delivery.status.${d.status || 'none'}`)}
            </Tag>
          </Tooltip>
        </Space>
      )}
      {d.his && <HisTag his={d.his} />}
      {canRetry && retriable && (
        <Button size="small" loading={retry.isPending} onClick={() => retry.mutate()} data-testid="rw-delivery-retry">
          {t('delivery.retry')}
        </Button>
      )}
    </Space>
  );
}
