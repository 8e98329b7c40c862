import { Alert, Progress, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ForwardImage } from '@shared/schemas/dicom-forward';
import type { ForwardOutcome } from '../api/forward-api';

export type ForwardPhase =
  | { kind: 'choose' }
  | { kind: 'sending'; done: number; total: number; failures: ForwardImage[] }
  | { kind: 'done'; outcome: ForwardOutcome }
  | { kind: 'refused'; msg: string };

/** Below the device list: the progress while sending, then the result and the images that failed. */
export function ForwardProgress({ phase }: { phase: ForwardPhase }) {
  const { t } = useTranslation('dicomForward');
  const failures =
    phase.kind === 'done'
      ? phase.outcome.data.images.filter((i) => i.status === 'failed')
      : phase.kind === 'sending'
        ? phase.failures
        : [];

  return (
    <>
      {phase.kind === 'sending' && (
        <div style={{ marginTop: 16 }} data-testid="fwd-progress">
          <Progress percent={phase.total ? Math.round((phase.done / phase.total) * 100) : 0} status="active" />
          <Typography.Text type="secondary">
            {t('sending', { done: phase.done, total: phase.total || '…' })}
          </Typography.Text>
        </div>
      )}
      {phase.kind === 'done' && (
        <Alert
          style={{ marginTop: 16 }}
          type={phase.outcome.success ? 'success' : 'warning'}
          title={phase.outcome.msg}
          showIcon
          data-testid="fwd-result"
          data-success={String(phase.outcome.success)}
        />
      )}
      {phase.kind === 'refused' && (
        <Alert
          style={{ marginTop: 16 }}
          type="error"
          title={phase.msg}
          showIcon
          data-testid="fwd-result"
          data-success="false"
        />
      )}
      {failures.length > 0 && (
        <Table<ForwardImage>
          style={{ marginTop: 12 }}
          size="small"
          rowKey="sop_iuid"
          title={() => t('failures')}
          dataSource={failures}
          pagination={false}
          scroll={{ y: 200 }}
          data-testid="fwd-failures"
          columns={[
            { title: t('image'), dataIndex: 'sop_iuid', key: 'sop_iuid', width: 320, ellipsis: true },
            { title: t('reason'), dataIndex: 'msg', key: 'msg' },
          ]}
        />
      )}
    </>
  );
}
