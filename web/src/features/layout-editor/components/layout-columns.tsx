import { Button, Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { LayoutRow } from '@shared/schemas/layout';
import { EditDeleteActions } from '@web/components/list-page/edit-delete-actions';
import type { ListColumn } from '@web/components/list-page/list-table';
import { exportMrrt, withdrawLayout } from '../api/layout-api';
import { openLayoutPreview } from '../lib/open-preview';

type LayoutColumnsOptions = {
  hospitalName: (code: string) => string;
  /** Opens the editor on a layout (read-only when it is not editable). */
  onEdit: (pk: number) => void;
  /** After a layout was withdrawn. */
  refetch: () => void;
  /** Its draft live, after saying what it changes; its draft dropped. */
  onActivate: (row: LayoutRow) => void;
  onDiscard: (row: LayoutRow) => void;
};

/** Live, a draft never activated, or live with changes waiting. */
function StatusTag({ t, row }: { t: TFunction<'layoutEditor'>; row: LayoutRow }) {
  const state = !row.active ? 'draft' : row.pending ? 'changed' : 'active';
  const color = { draft: 'gold', changed: 'blue', active: 'green' }[state];
  return (
    <Tag color={color} data-testid="layout-status" data-state={state}>
      {t(`status.${state}`)}
    </Tag>
  );
}

/** The layout list's columns: what the layout is for, its version, and preview, export, edit or view, withdraw. */
export function layoutColumns(
  t: TFunction<'layoutEditor'>,
  { hospitalName, onEdit, refetch, onActivate, onDiscard }: LayoutColumnsOptions,
): ListColumn<LayoutRow>[] {
  return [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', width: 220 },
    {
      title: t('fields.status'),
      key: 'status',
      width: 150,
      render: (_: unknown, r: LayoutRow) => <StatusTag t={t} row={r} />,
    },
    {
      title: t('fields.hospital'),
      key: 'hospital_code',
      width: 180,
      render: (_: unknown, r: LayoutRow) => hospitalName(r.hospital_code),
    },
    {
      title: t('fields.modality'),
      key: 'modality',
      width: 110,
      render: (_: unknown, r: LayoutRow) => r.modality || t('allModalities'),
    },
    {
      title: t('fields.kind'),
      key: 'kind',
      width: 110,
      render: (_: unknown, r: LayoutRow) => t(`kinds.${r.kind}`),
    },
    {
      title: t('fields.version'),
      key: 'version',
      width: 90,
      render: (_: unknown, r: LayoutRow) => (r.version ? <Tag>{t('versionTag', { version: r.version })}</Tag> : '—'),
    },
    { title: t('fields.update_time'), dataIndex: 'update_time', key: 'update_time', width: 180 },
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 420,
      render: (_: unknown, r: LayoutRow) => (
        <Space size={4}>
          <Button size="small" type="link" onClick={() => openLayoutPreview(r.pk)} data-testid="layout-preview">
            {t('preview.open')}
          </Button>
          <Button size="small" type="link" onClick={() => void exportMrrt(r.pk)} data-testid="layout-export">
            {t('exportMrrt')}
          </Button>
          {r.editable && r.pending && (
            <Button size="small" type="link" onClick={() => onActivate(r)} data-testid="layout-activate">
              {t('activate.button')}
            </Button>
          )}
          {r.editable && r.active && r.pending && (
            <Button size="small" type="link" onClick={() => onDiscard(r)} data-testid="layout-discard">
              {t('discard.button')}
            </Button>
          )}
          {r.editable ? (
            <EditDeleteActions
              testId="layout"
              editText={t('edit')}
              deleteText={t('withdraw')}
              onEdit={() => onEdit(r.pk)}
              confirm={{
                title: t('withdrawTitle'),
                content: t('withdrawConfirm', { name: r.name }),
                run: () => withdrawLayout(r.pk),
                done: t('withdrawn'),
                after: refetch,
              }}
            />
          ) : (
            <Button size="small" type="link" onClick={() => onEdit(r.pk)} data-testid="layout-view">
              {t('view')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
