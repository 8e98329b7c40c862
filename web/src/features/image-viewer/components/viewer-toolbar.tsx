import { Button, Radio, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { testIdProp } from '@web/lib/test-id';
import type { PrimaryTool } from '../cornerstone/stack-view';
import type { PresetKey } from '../lib/presets';

const TOOLS: PrimaryTool[] = ['windowLevel', 'pan', 'zoom', 'length', 'angle'];

interface Props {
  tool: PrimaryTool;
  onTool: (tool: PrimaryTool) => void;
  /** The window presets of the series on view (none but CT's). */
  presets: PresetKey[];
  onPreset: (preset: PresetKey) => void;
  onReset: () => void;
  disabled: boolean;
}

/** What the left mouse button does, the CT window presets (on CT only), and reset (the wheel scrolls, middle pans, right zooms). */
export function ViewerToolbar({ tool, onTool, presets, onPreset, onReset, disabled }: Props) {
  const { t } = useTranslation('imageViewer');
  return (
    <div className="rx-viewer-toolbar" role="toolbar" aria-label={t('title')}>
      <Radio.Group
        size="small"
        optionType="button"
        buttonStyle="solid"
        value={tool}
        disabled={disabled}
        onChange={(e) => onTool(e.target.value as PrimaryTool)}
        options={TOOLS.map((k) => ({
          value: k,
          label: <span data-testid={`viewer-tool-${k}`}>{t(`tools.${k}`)}</span>,
        }))}
      />
      {presets.length > 0 && (
        <Tooltip title={t('presets.label')}>
          <Space.Compact size="small">
            {presets.map((k) => (
              <Button
                key={k}
                size="small"
                disabled={disabled}
                onClick={() => onPreset(k)}
                {...testIdProp(`viewer-preset-${k}`)}
              >
                {t(`presets.${k}`)}
              </Button>
            ))}
          </Space.Compact>
        </Tooltip>
      )}
      <Button size="small" disabled={disabled} onClick={onReset} {...testIdProp('viewer-reset')}>
        {t('tools.reset')}
      </Button>
    </div>
  );
}
