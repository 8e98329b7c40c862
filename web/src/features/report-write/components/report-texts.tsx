import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditorStore } from '../stores/editor-store';

/** Findings and opinion as two text areas (the simple report page). Disabled when audited. */
export function ReportTexts({ disabled, rows = 10 }: { disabled: boolean; rows?: number }) {
  const { t } = useTranslation('report');
  const findings = useEditorStore((s) => s.findings);
  const opinion = useEditorStore((s) => s.opinion);
  const patch = useEditorStore((s) => s.patch);
  return (
    <Form layout="vertical">
      <Form.Item label={t('fields.findings')}>
        <Input.TextArea
          rows={rows}
          value={findings}
          disabled={disabled}
          onChange={(e) => patch({ findings: e.target.value })}
          data-testid="rw-findings"
        />
      </Form.Item>
      <Form.Item label={t('fields.opinion')}>
        <Input.TextArea
          rows={Math.max(4, Math.round(rows / 2))}
          value={opinion}
          disabled={disabled}
          onChange={(e) => patch({ opinion: e.target.value })}
          data-testid="rw-opinion"
        />
      </Form.Item>
    </Form>
  );
}
