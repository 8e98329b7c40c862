import type { UseQueryResult } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import type { Page } from '@shared/schemas/common';
import type { ListSpec } from './fields';
import { FilterForm } from './filter-form';
import { columnKey, ListTable, type ListColumn } from './list-table';
import { ListToolbar, type BatchDeleteConfig } from './list-toolbar';
import type { ListUrlState } from './use-list-params';
import { useColumnSettings } from './use-column-settings';
import { useNoDataNotice } from './use-no-data-notice';

export interface ListPageProps<Row, F> {
  /** Prefix of every test id: `wl` gives wl-filters, wl-search, wl-result, wl-row, wl-export, ... */
  testId: string;
  /** Test id of the page's card. */
  pageTestId: string;
  /** Where the column settings are saved (one entry per route). */
  route: string;
  spec: ListSpec<F>;
  state: ListUrlState<F>;
  query: UseQueryResult<Page<Row>>;
  columns: readonly ListColumn<Row>[];
  rowKey: keyof Row & string;
  rowAttrs?: (r: Row) => Record<string, string>;
  batchDelete?: BatchDeleteConfig;
  onExport?: () => Promise<unknown>;
  /** The screen's own toolbar buttons (a "new" button), before batch delete and export. */
  toolbar?: ReactNode;
  children?: ReactNode;
}

/** A list screen: filter form, toolbar (batch delete, export, columns), paged and sorted table, no-data notice. */
export function ListPage<Row extends object, F>(props: ListPageProps<Row, F>) {
  const { testId, spec, state, query, batchDelete } = props;
  const { params, raw } = state;
  const { hidden, setHidden } = useColumnSettings(props.route);
  const [selected, setSelected] = useState<Key[]>([]);
  useNoDataNotice(query);

  // Search with unchanged filters runs the query again; a new page or filter drops the selection.
  const search = (p: typeof params) => {
    setSelected([]);
    if (!state.update(p)) void query.refetch();
  };
  const choices = props.columns
    .filter((c) => !c.fixed)
    .map((c) => ({ key: columnKey(c), title: typeof c.title === 'function' ? columnKey(c) : c.title }));
  const shown = props.columns.filter((c) => c.fixed || !hidden.includes(columnKey(c)));

  return (
    <Card data-testid={props.pageTestId} styles={{ body: { padding: 16 } }}>
      <FilterForm
        fields={spec.fields}
        params={params}
        resetParams={state.initial}
        onSearch={search}
        onReset={() => {
          setSelected([]);
          state.reset();
        }}
        loading={query.isFetching}
        testId={testId}
      />
      <ListToolbar
        testId={testId}
        selected={selected}
        onDeleted={() => {
          setSelected([]);
          void query.refetch();
        }}
        batchDelete={batchDelete}
        onExport={props.onExport}
        actions={props.toolbar}
        columns={{ choices, hidden, onChange: setHidden }}
      />
      <div
        data-testid={`${testId}-result`}
        data-query={raw}
        data-fetching={String(query.isFetching)}
        data-total={query.data?.totalRow ?? ''}
      >
        <ListTable<Row, F>
          testId={testId}
          columns={shown}
          rows={query.data?.list ?? []}
          rowKey={props.rowKey}
          total={query.data?.totalRow}
          loading={query.isFetching}
          params={params}
          sortColumns={spec.sortColumns}
          defaultSort={spec.defaultSort}
          onChange={search}
          rowAttrs={props.rowAttrs}
          selection={batchDelete ? { keys: selected, onChange: setSelected } : undefined}
        />
      </div>
      {props.children}
    </Card>
  );
}
