import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RPT_STATUSES } from '@shared/constants';

const COLORS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'warning', 4: 'error' };
const KEYS = {
  0: 'status.0',
  1: 'status.1',
  2: 'status.2',
  3: 'status.3',
  4: 'status.4',
} as const satisfies Record<(typeof RPT_STATUSES)[number], string>;

export const statusKey = (s: number) => KEYS[s as keyof typeof KEYS] ?? KEYS[0];

/** rpt_status: 0 not written, 1 saved, 2 audited, 3 review cancelled, 4 voided. */
export function RptStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('study');
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="cell-status" data-status={status}>
      {t(statusKey(status))}
    </Tag>
  );
}
