import { Empty, Table, type TableColumnType, type TablePaginationConfig } from 'antd';
import type { TableRef } from 'antd/es/table';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { type HTMLAttributes, type Key, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '@shared/constants';
import { useStickyTop } from '../sticky-top';
import type { ListParams, Sort, SortOrder } from './fields';

export type ListColumn<Row> = TableColumnType<Row>;

export const columnKey = <Row,>(c: ListColumn<Row>) => String(c.key ?? c.dataIndex ?? '');

export interface ListTableProps<Row, F> {
  testId: string;
  columns: readonly ListColumn<Row>[];
  rows: readonly Row[];
  rowKey: keyof Row & string;
  /** undefined until the first answer. */
  total: number | undefined;
  loading: boolean;
  params: ListParams<F>;
  /** Columns the server sorts by: their headers get a sorter. */
  sortColumns: readonly string[];
  defaultSort: Sort;
  onChange: (p: ListParams<F>) => void;
  rowAttrs?: (r: Row) => Record<string, string>;
  selection?: { keys: Key[]; onChange: (keys: Key[]) => void };
}

const ANTD_ORDER = { asc: 'ascend', desc: 'descend' } as const;

function sortedColumns<Row, F>(p: ListTableProps<Row, F>): ListColumn<Row>[] {
  return p.columns.map((c) => {
    const key = columnKey(c);
    if (!p.sortColumns.includes(key)) return c;
    return { ...c, key, sorter: true, sortOrder: p.params.column === key ? ANTD_ORDER[p.params.order] : null };
  });
}

/** The antd table of a list: server paging (spec page sizes), header sort, optional row selection. */
export function ListTable<Row extends object, F>(props: ListTableProps<Row, F>) {
  const { t } = useTranslation(['list', 'common']);
  const { params, total, loading, testId, selection, onChange } = props;
  const columns = sortedColumns(props);
  const stickyTop = useStickyTop();
  const width = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 0);
  const ref = useRef<TableRef>(null);
  // The rows scroll sideways: reachable by keyboard even when no row has a control to focus (WCAG 2.1.1).
  useEffect(() => {
    ref.current?.nativeElement?.querySelector('.ant-table-body')?.setAttribute('tabindex', '0');
  });

  const handleChange = (
    page: TablePaginationConfig,
    sorter: SorterResult<Row> | SorterResult<Row>[],
    action: TableCurrentDataSource<Row>['action'],
  ) => {
    if (action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const order: SortOrder | null = s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : null;
      const sort: Sort = order && s?.columnKey ? { column: String(s.columnKey), order } : props.defaultSort;
      onChange({ ...params, ...sort, pageNumber: 1 });
    } else if (action === 'paginate') {
      const pageSize = page.pageSize ?? params.pageSize;
      onChange({ ...params, pageNumber: pageSize === params.pageSize ? (page.current ?? 1) : 1, pageSize });
    }
  };

  return (
    <Table<Row>
      ref={ref}
      rowKey={props.rowKey}
      className="rx-list-table"
      size="middle"
      columns={columns}
      dataSource={props.rows as Row[]}
      loading={loading}
      scroll={{ x: width + (selection ? 40 : 0) }}
      // Header below the frame's header, horizontal scrollbar at the window's bottom while rows scroll.
      sticky={{ offsetHeader: stickyTop }}
      showSorterTooltip={false}
      rowSelection={selection && { selectedRowKeys: selection.keys, onChange: selection.onChange, fixed: true }}
      onRow={(r) => ({ 'data-testid': `${testId}-row`, ...props.rowAttrs?.(r) }) as HTMLAttributes<HTMLElement>}
      onChange={(page, _filters, sorter, extra) => handleChange(page, sorter, extra.action)}
      locale={
        total === 0 && !loading
          ? { emptyText: <Empty description={t('common:noData')} data-testid={`${testId}-no-data`} /> }
          : undefined
      }
      pagination={{
        current: params.pageNumber,
        pageSize: params.pageSize,
        total: total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
        showTotal: (n) => t('total', { total: n }),
      }}
      data-testid={`${testId}-table`}
    />
  );
}
