import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Drawer, Input, List, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanItem } from '@shared/schemas/patient';
import { queryClient } from '@web/lib/query-client';
import { saveShortcut, useScanItems, useShortcut } from '../api/patient-api';

/**
 * Body-part search: scan items of the study's modality, the user's shortcuts (starred) first; choosing
 * one sets the study description, the star adds it to or removes it from the shortcuts.
 */
export function BodyPartDrawer({
  open,
  modality,
  onClose,
  onChoose,
}: {
  open: boolean;
  modality: string;
  onClose: () => void;
  onChoose: (item: ScanItem) => void;
}) {
  const { t } = useTranslation('report');
  const [keyword, setKeyword] = useState('');
  const items = useScanItems(modality || undefined, keyword, open);
  const shortcut = useShortcut(modality || undefined, open);
  const pinned = shortcut.data ?? [];
  const pinnedIds = new Set(pinned.map((i) => i.scanp_id));
  const found = items.data ?? [];
  const foundIds = new Set(found.map((i) => i.scanp_id));
  // Shortcuts first (only those the search still finds), then the rest.
  const list = [...pinned.filter((i) => foundIds.has(i.scanp_id)), ...found.filter((i) => !pinnedIds.has(i.scanp_id))];
  const toggle = async (item: ScanItem) => {
    const ids = pinned.map((i) => i.scanp_id);
    const next = pinnedIds.has(item.scanp_id) ? ids.filter((id) => id !== item.scanp_id) : [...ids, item.scanp_id];
    await saveShortcut(modality, next);
    await queryClient.invalidateQueries({ queryKey: ['shortcut', modality] });
  };
  return (
    <Drawer open={open} onClose={onClose} title={t('bodyPart.title')} size={360} data-testid="rw-body-part">
      <Input.Search
        allowClear
        placeholder={t('bodyPart.search')}
        onSearch={(v) => setKeyword(v.trim())}
        data-testid="rw-body-part-search"
      />
      <List
        loading={items.isLoading}
        dataSource={list}
        renderItem={(i) => {
          const on = pinnedIds.has(i.scanp_id);
          return (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => onChoose(i)}
              data-testid="rw-body-part-item"
              data-label={i.description}
              data-shortcut={String(on)}
              extra={
                modality && (
                  <Tooltip title={t(on ? 'bodyPart.unpin' : 'bodyPart.pin')}>
                    <Button
                      type="text"
                      size="small"
                      icon={on ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                      onClick={(e) => {
                        e.stopPropagation();
                        void toggle(i);
                      }}
                      data-testid="rw-body-part-pin"
                    />
                  </Tooltip>
                )
              }
            >
              <List.Item.Meta title={i.description} description={`${i.code} ${i.en}`} />
            </List.Item>
          );
        }}
      />
    </Drawer>
  );
}
