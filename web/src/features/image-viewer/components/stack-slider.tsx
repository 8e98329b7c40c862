import { Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StackState, StackView } from '../cornerstone/stack-view';

/** The vertical position slider beside a stack of more than one image. */
export function StackSlider({ view, state }: { view: StackView | null; state: StackState | null }) {
  const { t } = useTranslation('imageViewer');
  if (!state || state.total <= 1) return null;
  return (
    <div className="rx-viewer-slider">
      <Slider
        vertical
        reverse
        min={1}
        max={state.total}
        value={state.index + 1}
        onChange={(v) => view?.setIndex(v - 1)}
        tooltip={{ placement: 'left' }}
        aria-label={t('slider')}
        data-testid="viewer-slider"
      />
    </div>
  );
}
