import { App, Button, Card, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CRITICAL_NOTE_MAX, type CriticalRow } from '@shared/schemas/critical';
import { acknowledgeCritical } from '../api/critical-api';

/** One critical result waiting: whose, what, for whom since when; acknowledged with an optional note. */
export function CriticalCard({ row }: { row: CriticalRow }) {
  const { t } = useTranslation('critical');
  const { message } = App.useApp();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const ack = async () => {
    setBusy(true);
    try {
      await acknowledgeCritical({ pk: row.pk, note });
      void message.success(t('acknowledged'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" style={{ marginBottom: 12 }} data-testid="critical-card" data-pk={row.pk}>
      <Space direction="vertical" size={4} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong>{row.patient_name}</Typography.Text>
          <Typography.Text type="secondary">
            {row.modality} · {row.accession_no || row.patient_id}
          </Typography.Text>
          {row.escalated_at && <Tag color="red">{t('escalated')}</Tag>}
        </Space>
        <Typography.Text type="danger" data-testid="critical-card-text">
          {row.text}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('setBy', { name: row.set_by_name, at: row.set_at, department: row.department || '-' })}
        </Typography.Text>
        <Input
          value={note}
          maxLength={CRITICAL_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('notePlaceholder')}
          aria-label={t('notePlaceholder')}
          data-testid="critical-note"
        />
        <Button type="primary" danger loading={busy} onClick={() => void ack()} data-testid="critical-ack">
          {t('acknowledge')}
        </Button>
      </Space>
    </Card>
  );
}
