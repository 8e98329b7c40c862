import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space, Tooltip } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { testIdProp } from '@web/lib/test-id';
import { ColumnSettingsButton, type ColumnChoice } from './column-settings-button';

/** Batch delete of the selected rows (the server takes their ids comma-joined). */
export interface BatchDeleteConfig {
  label?: ReactNode;
  confirm?: (count: number) => ReactNode;
  done?: (deleted: number) => string;
  run: (ids: string[]) => Promise<{ deleted: number }>;
}

interface ListToolbarProps {
  testId: string;
  selected: readonly Key[];
  onDeleted: () => void;
  batchDelete?: BatchDeleteConfig;
  onExport?: () => Promise<unknown>;
  /** The screen's own buttons (a "new" button), first in the row. */
  actions?: ReactNode;
  columns: { choices: readonly ColumnChoice[]; hidden: readonly string[]; onChange: (hidden: string[]) => void };
}

function useBatchDelete(
  testId: string,
  cfg: BatchDeleteConfig | undefined,
  selected: readonly Key[],
  onDeleted: () => void,
) {
  const { t } = useTranslation('list');
  const { message, modal } = App.useApp();
  return () => {
    if (!cfg) return;
    // Spec: batch delete needs at least one row, and a confirmation.
    if (selected.length === 0) {
      void message.warning({ content: t('selectFirst'), key: 'select-first' });
      return;
    }
    modal.confirm({
      title: t('confirmTitle'),
      content: cfg.confirm?.(selected.length) ?? t('confirmDelete', { count: selected.length }),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true, ...testIdProp(`${testId}-confirm-ok`) },
      cancelButtonProps: testIdProp(`${testId}-confirm-cancel`),
      onOk: async () => {
        const { deleted } = await cfg.run(selected.map(String));
        void message.success(cfg.done?.(deleted) ?? t('deleted', { count: deleted }));
        onDeleted();
      },
    });
  };
}

/** Buttons above a list's table: batch delete and export when the list has them, and column settings. */
export function ListToolbar({
  testId,
  selected,
  onDeleted,
  batchDelete,
  onExport,
  actions,
  columns,
}: ListToolbarProps) {
  const { t } = useTranslation('list');
  const [exporting, setExporting] = useState(false);
  const askDelete = useBatchDelete(testId, batchDelete, selected, onDeleted);
  const runExport = async () => {
    if (!onExport) return;
    setExporting(true);
    try {
      await onExport();
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid={`${testId}-toolbar`}>
      {actions}
      {batchDelete && (
        <Button danger icon={<DeleteOutlined />} onClick={askDelete} data-testid={`${testId}-batch-delete`}>
          {batchDelete.label ?? t('batchDelete')}
        </Button>
      )}
      {onExport && (
        <Tooltip title={t('exportHint')}>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void runExport()}
            data-testid={`${testId}-export`}
          >
            {t('export')}
          </Button>
        </Tooltip>
      )}
      <ColumnSettingsButton {...columns} testId={testId} onChange={columns.onChange} />
    </Space>
  );
}
