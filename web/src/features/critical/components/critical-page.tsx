import { Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_ROLE_PK } from '@shared/constants';
import type { CriticalRow } from '@shared/schemas/critical';
import { ListPage } from '@web/components/list-page/list-page';
import type { ListColumn } from '@web/components/list-page/list-table';
import { useListParams } from '@web/components/list-page/use-list-params';
import { useUserInfo } from '@web/lib/user-info';
import { useCriticalList, useCriticalSummary } from '../api/critical-api';
import { criticalSpec, type CriticalFilters, type CriticalParams } from '../lib/critical-list';

const STATUS_COLOURS = ['red', 'green', 'default'] as const;

/** /critical: the hospital's critical results, who acknowledged each and how fast; the counts above (critical:manage). */
export function CriticalPage() {
  const { t } = useTranslation(['critical', 'study']);
  const isSuper = useUserInfo().data?.user.role_pk === SUPER_ADMIN_ROLE_PK;
  const spec = useMemo(() => criticalSpec(t, isSuper), [t, isSuper]);
  const state = useListParams(spec);
  const query = useCriticalList(state.params);
  const columns = useMemo(
    (): ListColumn<CriticalRow>[] => [
      { title: t('study:fields.patient_name'), dataIndex: 'patient_name', width: 100 },
      { title: t('study:fields.accession_no'), dataIndex: 'accession_no', width: 110 },
      { title: t('study:fields.modality'), dataIndex: 'modality', width: 70 },
      { title: t('critical:fields.text'), dataIndex: 'text', width: 200, ellipsis: true },
      { title: t('critical:fields.department'), dataIndex: 'department', width: 110 },
      {
        title: t('critical:fields.status'),
        dataIndex: 'status',
        width: 120,
        render: (v: number, r: CriticalRow) => (
          <Space size={2} wrap>
            <Tag color={STATUS_COLOURS[v]} data-testid="cr-row-status">
              {t(`critical:status.${String(v) as '0' | '1' | '2'}`)}
            </Tag>
            {r.escalated_at && <Tag color="orange">{t('critical:escalated')}</Tag>}
          </Space>
        ),
      },
      { title: t('critical:fields.setBy'), dataIndex: 'set_by_name', width: 90 },
      { title: t('critical:fields.setAt'), dataIndex: 'set_at', key: 'set_at', width: 160 },
      { title: t('critical:fields.ackBy'), dataIndex: 'ack_by_name', width: 130 },
      { title: t('critical:fields.ackAt'), dataIndex: 'ack_at', key: 'ack_at', width: 160 },
      { title: t('critical:fields.ackMinutes'), dataIndex: 'ack_minutes', width: 90, align: 'right' },
      { title: t('critical:fields.note'), dataIndex: 'ack_note', width: 160, ellipsis: true },
    ],
    [t],
  );
  return (
    <ListPage<CriticalRow, CriticalFilters>
      testId="cr"
      pageTestId="critical-page"
      route="/critical"
      spec={spec}
      state={state}
      query={query}
      columns={columns}
      rowKey="pk"
      rowAttrs={(r) => ({ 'data-pk': String(r.pk) })}
      toolbar={<CriticalCounts params={state.params} />}
    />
  );
}

/** The counts and acknowledgement times for the same filters. */
function CriticalCounts({ params }: { params: CriticalParams }) {
  const { t } = useTranslation('critical');
  const s = useCriticalSummary(params).data;
  if (!s) return null;
  const minutes = (v: number | null) => (v === null ? '-' : v);
  return (
    <Typography.Text data-testid="cr-summary">
      {t('summary.total')} {s.total} · {t('summary.open')} {s.open} · {t('summary.acknowledged')} {s.acknowledged} ·{' '}
      {t('summary.escalated')} {s.escalated} · {t('summary.median')} {minutes(s.ack_median_minutes)} ·{' '}
      {t('summary.p90')} {minutes(s.ack_p90_minutes)}
    </Typography.Text>
  );
}
