import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '@shared/schemas/audit';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { exportAudit, useAuditList } from '../api/audit-list';
import { actionLabel, auditSpec, type AuditFilters } from '../lib/audit-list';
import { AuditDetailDrawer } from './audit-detail-drawer';
import { hospitalTime } from '@web/lib/hospital-time';

/** The audit trail (/system/audit): who changed what and when; a row's details show before and after. */
export function AuditTrailPage() {
  const { t } = useTranslation('audit');
  const spec = useMemo(() => auditSpec(t), [t]);
  const state = useListParams(spec);
  const query = useAuditList(state.params);
  const [open, setOpen] = useState<AuditRow | null>(null);

  const columns = useMemo(
    (): ListColumn<AuditRow>[] => [
      {
        key: 'time',
        title: t('columns.time'),
        width: 170,
        render: (_: unknown, r: AuditRow) => <span data-testid="audit-row-time">{hospitalTime(r.time)}</span>,
      },
      { key: 'username', dataIndex: 'username', title: t('columns.user'), width: 140 },
      {
        key: 'action',
        title: t('columns.action'),
        width: 180,
        render: (_: unknown, r: AuditRow) => <span title={r.action}>{actionLabel(t, r.action)}</span>,
      },
      { key: 'target', dataIndex: 'target', title: t('columns.target'), width: 220, ellipsis: true },
      { key: 'ip', dataIndex: 'ip', title: t('columns.ip'), width: 140 },
      {
        key: 'actions',
        title: t('columns.actions'),
        fixed: 'right',
        width: 90,
        render: (_: unknown, r: AuditRow) => (
          <Button type="link" size="small" onClick={() => setOpen(r)} data-testid="audit-open">
            {t('detail.open')}
          </Button>
        ),
      },
    ],
    [t],
  );

  return (
    <ListPage<AuditRow, AuditFilters>
      testId="audit"
      pageTestId="audit-page"
      route="/system/audit"
      spec={spec}
      state={state}
      query={query}
      columns={columns}
      rowKey="pk"
      rowAttrs={(r) => ({ 'data-action': r.action })}
      onExport={() => exportAudit(state.params)}
    >
      <AuditDetailDrawer row={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
