import { Alert, Button, Drawer, Input, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type HTMLAttributes, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { IMAGE_TAG_LIMITS } from '@shared/schemas/image-viewer';
import { isApiError } from '@web/lib/api-error';
import { testIdProp } from '@web/lib/test-id';
import { useImageTags } from '../hooks/use-image-tags';
import { filterRows, parentKeys, tagRows, type TagRow } from '../lib/tag-rows';

interface Props {
  /** The image the stack shows now (its wadouri image id); none before one is drawn. */
  imageId: string | undefined;
}

/** The toolbar's "tags" button and its drawer: the header of the image on view, following the stack. */
export function TagBrowser({ imageId }: Props) {
  const { t } = useTranslation('imageViewer');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        type={open ? 'primary' : 'default'}
        aria-pressed={open}
        disabled={!imageId}
        onClick={() => setOpen((o) => !o)}
        {...testIdProp('viewer-tags')}
      >
        {t('tags.button')}
      </Button>
      <Drawer
        title={t('tags.title')}
        placement="right"
        size={640}
        open={open}
        mask={false}
        onClose={() => setOpen(false)}
        destroyOnHidden
        styles={{ body: { padding: 12 } }}
      >
        <TagPanel imageId={imageId} />
      </Drawer>
    </>
  );
}

function TagPanel({ imageId }: Props) {
  const { t } = useTranslation('imageViewer');
  const [filter, setFilter] = useState('');
  const tags = useImageTags(imageId, true);
  const rows = useMemo(() => tagRows(tags.data?.elements ?? []), [tags.data]);
  const shown = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const status = tags.isError ? 'failed' : tags.isFetching || !tags.data ? 'loading' : 'ready';
  return (
    <div className="rx-viewer-tags" data-testid="viewer-tags-panel" data-status={status}>
      <Typography.Text className="rx-viewer-tags-sop">
        {t('tags.image')} <span data-testid="viewer-tags-sop">{tags.data?.sop_iuid ?? ''}</span>
      </Typography.Text>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('tags.filter')}
        aria-label={t('tags.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        data-testid="viewer-tags-filter"
      />
      {tags.isError && (
        <Alert
          type="error"
          showIcon
          title={t('tags.failed', { msg: isApiError(tags.error) ? tags.error.message : '' })}
        />
      )}
      {tags.data?.truncated && (
        <Alert type="warning" showIcon title={t('tags.truncated', { max: IMAGE_TAG_LIMITS.elements })} />
      )}
      <Table<TagRow>
        size="small"
        rowKey="key"
        columns={columnsOf(t)}
        dataSource={shown}
        pagination={false}
        loading={tags.isFetching}
        scroll={{ y: 'calc(100vh - 200px)' }}
        locale={{ emptyText: t('tags.empty') }}
        expandable={{
          expandedRowKeys: filter.trim() ? parentKeys(shown) : expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        onRow={(r) => ({ 'data-testid': 'viewer-tag-row', 'data-tag': r.tag }) as HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}

function columnsOf(t: TFunction<'imageViewer'>): ColumnsType<TagRow> {
  return [
    { title: t('tags.tag'), dataIndex: 'tag', width: 120, onCell: () => ({ className: 'rx-viewer-tags-mono' }) },
    {
      title: t('tags.keyword'),
      dataIndex: 'keyword',
      width: 220,
      ellipsis: true,
      render: (_v, r) => (r.item !== undefined ? t('tags.item', { n: r.item }) : r.keyword),
    },
    { title: t('tags.vr'), dataIndex: 'vr', width: 48 },
    {
      title: t('tags.value'),
      dataIndex: 'value',
      onCell: () => ({ className: 'rx-viewer-tags-value' }),
      render: (_v, r) => valueText(t, r),
    },
  ];
}

/** The value as shown: a sequence's item count, pixel data's length, a cut value with its whole length. */
function valueText(t: TFunction<'imageViewer'>, r: TagRow): string {
  if (r.item !== undefined) return t('tags.itemElements', { count: r.length });
  if (r.vr === 'SQ') return r.cut ? t('tags.tooDeep', { count: r.length }) : t('tags.items', { count: r.length });
  if (r.tag === '(7fe0,0010)') return t('tags.pixelData', { length: r.length });
  if (!r.cut) return r.value;
  const binary = ['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'UN'].includes(r.vr);
  return `${r.value}… ${t(binary ? 'tags.cutBytes' : 'tags.cutChars', { length: r.length })}`;
}
