import { Button, Empty, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceOption } from '@shared/schemas/admin-org';
import { ApiError } from '@web/lib/api-error';
import { forwardStudy, useForwardDevices } from '../api/forward-api';
import { ForwardProgress, type ForwardPhase } from './forward-progress';

interface Props {
  studyIuid: string;
  open: boolean;
  onClose: () => void;
}

/** The image forwarding modal: the hospital's devices, choose one, send with progress, the result. */
export function ForwardModal({ studyIuid, open, onClose }: Props) {
  const { t } = useTranslation('dicomForward');
  const devices = useForwardDevices(open);
  const [chosen, setChosen] = useState<DeviceOption | null>(null);
  const [phase, setPhase] = useState<ForwardPhase>({ kind: 'choose' });
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
      <ForwardProgress phase={phase} />
    </Modal>
  );
}
