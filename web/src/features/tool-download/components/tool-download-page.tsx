import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DownloadFile } from '@shared/schemas/downloads';
import { readableSize, useDownloads } from '../api/downloads';
import { installCommands, policySnippets } from '../lib/policy-snippets';
import { hospitalTime } from '@web/lib/hospital-time';

/**
 * The spec's "tool download" (user menu): the workstation software this installation publishes, each file
 * with its SHA-256 for IT to check, and the snippets a mass installation needs with this platform's address.
 */
export function ToolDownloadPage() {
  const { t } = useTranslation('bridge');
  const { data, isLoading } = useDownloads();
  const snippets = data ? policySnippets(data.origin, data.extensionId) : null;
  const install = data ? installCommands(data.files) : null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="tool-download-page">
      <Card title={t('downloads.title')}>
        <Table<DownloadFile>
          rowKey="name"
          loading={isLoading}
          dataSource={data?.files ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('downloads.empty')} /> }}
          columns={[
            { title: t('downloads.name'), dataIndex: 'name', width: 280 },
            { title: t('downloads.size'), dataIndex: 'size', width: 100, render: (v: number) => readableSize(v) },
            {
              title: 'SHA-256',
              dataIndex: 'sha256',
              render: (v: string) => (
                <Typography.Text
                  code
                  copyable
                  style={{ fontSize: 12, wordBreak: 'break-all' }}
                  data-testid="download-sha256"
                >
                  {v}
                </Typography.Text>
              ),
            },
            {
              title: t('downloads.modified'),
              dataIndex: 'modified',
              width: 170,
              render: (v: string) => hospitalTime(v),
            },
            {
              title: '',
              width: 120,
              render: (_: unknown, f) => (
                <Button
                  icon={<DownloadOutlined />}
                  href={`/downloads/${encodeURIComponent(f.name)}`}
                  data-testid="download-link"
                >
                  {t('downloads.download')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {snippets && install && (
        <Card title={t('downloads.forIt')}>
          <Typography.Paragraph>{t('downloads.installLinux')}</Typography.Paragraph>
          <Typography.Paragraph>
            <pre data-testid="install-linux">{install.linux}</pre>
          </Typography.Paragraph>
          <Typography.Paragraph>{t('downloads.installWindows')}</Typography.Paragraph>
          <Typography.Paragraph>
            <pre data-testid="install-windows">{install.windows}</pre>
          </Typography.Paragraph>
          <Typography.Paragraph>{t('downloads.chromePolicy')}</Typography.Paragraph>
          <Typography.Paragraph>
            <pre data-testid="policy-chrome">{snippets.chrome}</pre>
          </Typography.Paragraph>
          <Typography.Paragraph>{t('downloads.agentConfig')}</Typography.Paragraph>
          <Typography.Paragraph>
            <pre data-testid="policy-agent">{snippets.agent}</pre>
          </Typography.Paragraph>
        </Card>
      )}
    </Space>
  );
}
