import { CheckOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_REPORT_POSITION, type ReportDetail } from '@shared/schemas/report';
import { effectiveStatus } from '@shared/report/rules';
import { useEditorStore } from '../stores/editor-store';

interface ReportSwitcherProps {
  reports: ReportDetail[];
  current: number;
  onSwitch: (position: number) => void;
  canAdd: boolean;
}

const STATUS_KEY = (r: ReportDetail) => (r.rpt_status === 4 ? 'invalid' : effectiveStatus(r.rpt_status));

/** One button per report of the study (position + status), a check on the current one, "+" for a new one. */
export function ReportSwitcher({ reports, current, onSwitch, canAdd }: ReportSwitcherProps) {
  const { t } = useTranslation('report');
  const busy = useEditorStore((s) => s.busy);
  const next = Math.max(0, ...reports.map((r) => r.rpt_position)) + 1;
  const waiting = busy === 'switch';
  return (
    <Space wrap data-testid="rw-switcher">
      {reports.map((r) => (
        <Button
          key={r.rpt_position}
          size="small"
          type={r.rpt_position === current ? 'primary' : 'default'}
          icon={r.rpt_position === current ? <CheckOutlined /> : undefined}
          disabled={!!busy}
          onClick={() => r.rpt_position !== current && onSwitch(r.rpt_position)}
          data-testid="rw-switch"
          data-position={r.rpt_position}
        >
          {waiting
            ? t('pleaseWait')
            : t('switcher.label', { n: r.rpt_position, status: t(`switcher.${STATUS_KEY(r)}`) })}
        </Button>
      ))}
      {canAdd && reports.some((r) => r.rpt_position === current && r.version > 0) && (
        <Tooltip title={t('switcher.add')}>
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={!!busy || next > MAX_REPORT_POSITION}
            onClick={() => onSwitch(next)}
            data-testid="rw-switch-add"
          />
        </Tooltip>
      )}
    </Space>
  );
}
