import { Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LayoutTemplate } from '@shared/schemas/report';

/**
 * Report (layout) templates: the API gives the one template that applies to this hospital and
 * modality (falling back to the default), so the tab shows which one is in use.
 */
export function LayoutTab({ template }: { template: LayoutTemplate | null }) {
  const { t } = useTranslation('report');
  if (!template) return <Empty description={t('layout.none')} />;
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="rw-layout"
      items={[
        { key: 'name', label: t('layout.name'), children: template.name },
        { key: 'h', label: t('layout.hospital'), children: template.hospital_code || t('layout.default') },
        { key: 'm', label: t('layout.modality'), children: template.modality || t('layout.all') },
        { key: 'n', label: t('layout.elements'), children: template.elements.length },
      ]}
    />
  );
}
