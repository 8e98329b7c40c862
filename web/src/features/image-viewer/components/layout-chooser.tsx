import { Radio, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { VIEWER_LAYOUTS } from '@shared/schemas/auth';
import type { ViewerLayout } from '../lib/hanging';

/** The toolbar's layout choice: one viewport, two side by side, four. */
export function LayoutChooser(p: { value: ViewerLayout; disabled: boolean; onChange: (l: ViewerLayout) => void }) {
  const { t } = useTranslation('imageViewer');
  return (
    <Tooltip title={t('layout.label')}>
      <Radio.Group
        size="small"
        optionType="button"
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.onChange(e.target.value as ViewerLayout)}
        aria-label={t('layout.label')}
        options={VIEWER_LAYOUTS.map((k) => ({
          value: k,
          label: (
            <span data-testid={`viewer-layout-${k}`} aria-label={t(`layout.${k}`)}>
              {k.replace('x', '×')}
            </span>
          ),
        }))}
      />
    </Tooltip>
  );
}
