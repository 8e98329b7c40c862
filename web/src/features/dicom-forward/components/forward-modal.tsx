import { Alert, Button, Empty, Modal, Progress, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceOption } from '@shared/schemas/admin-org';
import type { ForwardImage } from '@shared/schemas/dicom-forward';
import { ApiError } from '@web/lib/api-error';
import { forwardStudy, useForwardDevices, type ForwardOutcome } from '../api/forward-api';

interface Props {
  studyIuid: string;
  open: boolean;
  onClose: () => void;
}

type Phase =
  | { kind: 'choose' }
  | { kind: 'sending'; done: number; total: number; failures: ForwardImage[] }
  | { kind: 'done'; outcome: ForwardOutcome }
  | { kind: 'refused'; msg: string };

/** The image forwarding modal: the hospital's devices, choose one, send with progress, the result. */
export function ForwardModal({ studyIuid, open, onClose }: Props) {
  const { t } = useTranslation('dicomForward');
  const devices = useForwardDevices(open);
  const [chosen, setChosen] = useState<DeviceOption | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const sending = phase.kind === 'sending';

  const send = async () => {
    if (!chosen) return;
    setPhase({ kind: 'sending', done: 0, total: 0, failures: [] });
    try {
      const outcome = await forwardStudy(
        { aet: chosen.aet, ip: chosen.ip, port: chosen.port, study_iuid: studyIuid },
        (line) =>
          setPhase((p) =>
            p.kind === 'sending'
              ? {
                  ...p,
                  done: line.done,
                  total: line.total,
                  failures: line.status === 'failed' ? [...p.failures, line] : p.failures,
                }
              : p,
          ),
      );
      setPhase({ kind: 'done', outcome });
    } catch (err) {
      setPhase({ kind: 'refused', msg: err instanceof ApiError ? err.message : String(err) });
    }
  };

  const close = () => {
    if (sending) return;
    setPhase({ kind: 'choose' });
    setChosen(null);
    onClose();
  };

  const failures =
    phase.kind === 'done'
      ? phase.outcome.data.images.filter((i) => i.status === 'failed')
      : phase.kind === 'sending'
        ? phase.failures
        : [];

  return (
    <Modal
      open={open}
      title={t('title')}
      width={760}
      onCancel={close}
      closable={!sending}
      mask={{ closable: !sending }}
      data-testid="fwd-modal"
      footer={[
        <Button key="close" onClick={close} disabled={sending} data-testid="fwd-close">
          {t('close')}
        </Button>,
        <Button
          key="send"
          type="primary"
          onClick={() => void send()}
          disabled={!chosen || sending}
          loading={sending}
          data-testid="fwd-send"
        >
          {t('send')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('choose')}</Typography.Paragraph>
      <Table<DeviceOption>
        size="small"
        rowKey="pk"
        loading={devices.isLoading}
        dataSource={devices.data ?? []}
        pagination={false}
        scroll={{ y: 240 }}
        locale={{ emptyText: <Empty description={t('noDevices')} /> }}
        data-testid="fwd-devices"
        onRow={(r) => ({
          onClick: () => !sending && setChosen(r),
          'data-aet': r.aet,
        })}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen ? [chosen.pk] : [],
          onChange: (_keys, rows) => setChosen(rows[0] ?? null),
          getCheckboxProps: () => ({ disabled: sending }),
        }}
        columns={[
          { title: t('name'), dataIndex: 'name', key: 'name' },
          { title: t('aet'), dataIndex: 'aet', key: 'aet', width: 160 },
          { title: t('modality'), dataIndex: 'modality', key: 'modality', width: 100 },
          { title: t('address'), key: 'address', width: 200, render: (_: unknown, r) => `${r.ip}:${r.port}` },
        ]}
      />
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
    </Modal>
  );
}
