import { Button, Radio, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { testIdProp } from '@web/lib/test-id';
import type { PrimaryTool } from '../cornerstone/stack-view';
import type { FileWindow, PresetKey } from '../lib/presets';

const TOOLS: PrimaryTool[] = [
  'windowLevel',
  'pan',
  'zoom',
  'length',
  'angle',
  'ellipse',
  'rectangle',
  'probe',
  'arrow',
];

interface Props {
  tool: PrimaryTool;
  onTool: (tool: PrimaryTool) => void;
  /** The window presets of the series on view (none but CT's). */
  presets: PresetKey[];
  onPreset: (preset: PresetKey) => void;
  /** The image's own windows, when its header carries several (a DX's, an MR's): the presets where HU mean nothing. */
  fileWindows?: FileWindow[];
  onFileWindow?: (w: FileWindow) => void;
  onReset: () => void;
  disabled: boolean;
  /** Invert, rotate, flip and clearing the marks. */
  children?: ReactNode;
}

/** What the left mouse button does (window, pan, zoom, the measurements, arrows), the CT window presets (on CT only), the image's own windows, and the view's actions (the wheel scrolls, middle pans, right zooms). */
export function ViewerToolbar(p: Props) {
  const { tool, onTool, presets, onPreset, onReset, disabled, children } = p;
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
      {!!p.fileWindows?.length && (
        <Tooltip title={t('presets.fileLabel')}>
          <Space.Compact size="small">
            {p.fileWindows.map((w, i) => (
              <Button
                key={`${w.center}/${w.width}`}
                size="small"
                disabled={disabled}
                onClick={() => p.onFileWindow?.(w)}
                {...testIdProp(`viewer-file-window-${i}`)}
              >
                {t('presets.fileWindow', { center: w.center, width: w.width })}
              </Button>
            ))}
          </Space.Compact>
        </Tooltip>
      )}
      <Button size="small" disabled={disabled} onClick={onReset} {...testIdProp('viewer-reset')}>
        {t('tools.reset')}
      </Button>
      {children}
    </div>
  );
}
