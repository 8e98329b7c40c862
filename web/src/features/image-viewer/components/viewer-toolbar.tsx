import { Button, Radio, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { testIdProp } from '@web/lib/test-id';
import type { PrimaryTool } from '../cornerstone/stack-view';
import { CT_PRESETS, type PresetKey } from '../lib/presets';

const TOOLS: PrimaryTool[] = ['windowLevel', 'pan', 'zoom', 'length', 'angle'];
const PRESETS: PresetKey[] = ['default', ...CT_PRESETS.map((p) => p.key)];

interface Props {
  tool: PrimaryTool;
  onTool: (tool: PrimaryTool) => void;
  onPreset: (preset: PresetKey) => void;
  onReset: () => void;
  disabled: boolean;
}

/** What the left mouse button does, the CT window presets, and reset (the wheel scrolls, middle pans, right zooms). */
export function ViewerToolbar({ tool, onTool, onPreset, onReset, disabled }: Props) {
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
      <Tooltip title={t('presets.label')}>
        <Space.Compact size="small">
          {PRESETS.map((k) => (
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
      <Button size="small" disabled={disabled} onClick={onReset} {...testIdProp('viewer-reset')}>
        {t('tools.reset')}
      </Button>
    </div>
  );
}
