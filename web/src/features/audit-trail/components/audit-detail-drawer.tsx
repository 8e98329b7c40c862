import { Descriptions, Drawer, Empty, Table, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '@shared/schemas/audit';
import { diffRows, isChange, valueText, type DiffRow, type FieldChange } from '../lib/diff';
import { actionLabel } from '../lib/audit-list';
import { hospitalTime } from '@web/lib/hospital-time';

const TAG_COLOR: Record<FieldChange, string | undefined> = {
  changed: 'orange',
  added: 'green',
  removed: 'red',
  same: undefined,
};

/** One audit row: who, what and when, then before and after side by side with the changed fields marked. */
export function AuditDetailDrawer({ row, onClose }: { row: AuditRow | null; onClose: () => void }) {
  const { t } = useTranslation('audit');
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      size={760}
      title={t('detail.title')}
      destroyOnHidden
      data-testid="audit-detail"
    >
      {row && (
        <>
          <Descriptions
            column={2}
            size="small"
            bordered
            items={[
              { key: 'time', label: t('columns.time'), children: hospitalTime(row.time) },
              { key: 'user', label: t('columns.user'), children: row.username || '—' },
              { key: 'action', label: t('columns.action'), children: actionLabel(t, row.action) },
              { key: 'target', label: t('columns.target'), children: row.target || '—' },
              { key: 'ip', label: t('columns.ip'), children: row.ip || '—' },
              {
                key: 'status',
                label: t('detail.status'),
                children: row.from_status || row.to_status ? `${row.from_status ?? ''} → ${row.to_status ?? ''}` : '—',
              },
            ]}
          />
          <div style={{ marginTop: 16 }}>
            <DetailBody detail={row.detail} />
          </div>
        </>
      )}
    </Drawer>
  );
}

function DetailBody({ detail }: { detail: AuditRow['detail'] }) {
  const { t } = useTranslation('audit');
  if (!detail) return <Empty description={t('detail.none')} />;
  if (!isChange(detail)) {
    return (
      <Typography.Paragraph data-testid="audit-detail-raw">
        <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{JSON.stringify(detail, null, 2)}</pre>
      </Typography.Paragraph>
    );
  }
  return <ChangeTable rows={diffRows(detail.before, detail.after)} />;
}

function ChangeTable({ rows }: { rows: DiffRow[] }) {
  const { t } = useTranslation('audit');
  const { token } = theme.useToken();
  const background: Record<FieldChange, string | undefined> = {
    changed: token.colorWarningBg,
    added: token.colorSuccessBg,
    removed: token.colorErrorBg,
    same: undefined,
  };
  const cell = (v: unknown, present: boolean) =>
    present ? (
      <span style={{ wordBreak: 'break-all' }}>
        {valueText(v) || <Typography.Text type="secondary">""</Typography.Text>}
      </span>
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    );
  return (
    <Table<DiffRow>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={rows}
      data-testid="audit-diff"
      onRow={(r) =>
        ({
          'data-testid': 'audit-diff-row',
          'data-field': r.field,
          'data-change': r.change,
          style: { background: background[r.change] },
        }) as React.HTMLAttributes<HTMLElement>
      }
      columns={[
        {
          key: 'field',
          title: t('detail.field'),
          width: 180,
          render: (_, r) => (
            <>
              <Typography.Text code>{r.field}</Typography.Text>
              {r.change !== 'same' && <Tag color={TAG_COLOR[r.change]}>{t(`detail.${r.change}`)}</Tag>}
            </>
          ),
        },
        { key: 'before', title: t('detail.before'), render: (_, r) => cell(r.before, r.change !== 'added') },
        { key: 'after', title: t('detail.after'), render: (_, r) => cell(r.after, r.change !== 'removed') },
      ]}
    />
  );
}
