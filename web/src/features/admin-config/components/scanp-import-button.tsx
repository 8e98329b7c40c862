import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportDetail } from '@shared/schemas/list';
import { importScanItems } from '../api/scanp-api';

/**
 * Imports an .xlsx (the export's columns: an exported file edited goes back in and changes its items). All
 * or nothing: every row in, a success toast with what was added and changed; any row refused, nothing is
 * written and the refused rows (row, field, problem) show in a dialog.
 */
export function ScanpImportButton({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation('adminConfig');
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async (file: File) => {
    setBusy(true);
    try {
      const env = await importScanItems(file);
      const details = env.data?.details ?? [];
      if (env.success && details.length === 0) void message.success(env.msg);
      else if (details.length === 0) void message.error(env.msg);
      else {
        modal[env.success ? 'warning' : 'error']({
          title: t('scanp.importResult'),
          width: 640,
          content: (
            <>
              <p>{env.msg}</p>
              <Table<ImportDetail>
                size="small"
                rowKey={(d) => `${d.row}:${d.field}`}
                pagination={false}
                scroll={{ y: 320 }}
                dataSource={details}
                columns={[
                  { title: t('scanp.importRow'), dataIndex: 'row', width: 70 },
                  { title: t('scanp.importField'), dataIndex: 'field', width: 120 },
                  { title: t('scanp.importMsg'), dataIndex: 'msg' },
                ]}
                data-testid="scanp-import-details"
              />
            </>
          ),
        });
      }
      if (env.success) onImported();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Upload
      accept=".xlsx"
      showUploadList={false}
      beforeUpload={(file) => {
        void run(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} data-testid="scanp-import">
        {t('scanp.import')}
      </Button>
    </Upload>
  );
}
