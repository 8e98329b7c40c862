import { Button, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { testIdProp } from '@web/lib/test-id';
import { CINE_FPS } from '../hooks/use-cine';

interface Props {
  playing: boolean;
  fps: number;
  disabled: boolean;
  onPlaying: (playing: boolean) => void;
  onFps: (fps: number) => void;
}

/** Play or pause the stack, and its frame rate (frames per second). */
export function CineControl({ playing, fps, disabled, onPlaying, onFps }: Props) {
  const { t } = useTranslation('imageViewer');
  return (
    <Space.Compact size="small">
      <Button
        size="small"
        type={playing ? 'primary' : 'default'}
        aria-pressed={playing}
        disabled={disabled}
        onClick={() => onPlaying(!playing)}
        {...testIdProp('viewer-cine')}
      >
        {playing ? t('cine.pause') : t('cine.play')}
      </Button>
      <InputNumber
        size="small"
        min={CINE_FPS.min}
        max={CINE_FPS.max}
        value={fps}
        disabled={disabled}
        onChange={(v) => v && onFps(v)}
        suffix={t('cine.fps')}
        style={{ width: 92 }}
        aria-label={t('cine.rate')}
        data-testid="viewer-cine-fps"
      />
    </Space.Compact>
  );
}
