import { Drawer, Input, List } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanItem } from '@shared/schemas/patient';
import { useScanItems } from '../api/patient-api';

/** Body-part search: scan items of the study's modality; choosing one sets the study description. */
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
        dataSource={items.data ?? []}
        renderItem={(i) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => onChoose(i)}
            data-testid="rw-body-part-item"
            data-label={i.description}
          >
            <List.Item.Meta title={i.description} description={`${i.code} ${i.en}`} />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
