import './statistics.css';
import { Table, type TableProps } from 'antd';

/**
 * A statistics table: bordered (column groups), no paging, the total row highlighted (class
 * `stats-total-row`, test id on every row) and the spec's scroll sizes.
 */
export function StatsTable<Row extends object>({
  isTotal,
  rowKey,
  ...props
}: Omit<TableProps<Row>, 'rowKey'> & { isTotal: (r: Row) => boolean; rowKey: (r: Row) => string }) {
  return (
    <Table<Row>
      bordered
      size="small"
      pagination={false}
      rowKey={rowKey}
      rowClassName={(r) => (isTotal(r) ? 'stats-total-row' : '')}
      onRow={(r) => ({ 'data-testid': isTotal(r) ? 'stats-total-row' : 'stats-row' }) as object}
      {...props}
    />
  );
}
