import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { testIdProp } from '@web/lib/test-id';
import type { StackState, StackView } from '../cornerstone/stack-view';

interface Props {
  view: StackView | null;
  state: StackState | null;
  studyIuid: string;
  disabled: boolean;
  /** MPR on, and whether the series can be reformatted (CT or MR, three images or more). */
  mpr: { on: boolean; available: boolean; toggle: () => void };
}

/** Invert, a quarter turn, flips, MPR (each shown pressed while on), and clearing the study's marks. */
export function ViewActions({ view, state, studyIuid, disabled, mpr }: Props) {
  const { t } = useTranslation('imageViewer');
  const toggle = (key: string, on: boolean, act: () => void) => (
    <Button
      size="small"
      type={on ? 'primary' : 'default'}
      aria-pressed={on}
      disabled={disabled}
      onClick={act}
      {...testIdProp(`viewer-${key}`)}
    >
      {t(`tools.${key}` as 'tools.invert')}
    </Button>
  );
  return (
    <>
      <Space.Compact size="small">
        {toggle('invert', !!state?.invert, () => view?.invert())}
        {toggle('rotate', !!state?.rotation, () => view?.rotate())}
        {toggle('flipH', !!state?.flipH, () => view?.flip('h'))}
        {toggle('flipV', !!state?.flipV, () => view?.flip('v'))}
      </Space.Compact>
      <Button
        size="small"
        type={mpr.on ? 'primary' : 'default'}
        aria-pressed={mpr.on}
        disabled={disabled || !mpr.available}
        onClick={mpr.toggle}
        {...testIdProp('viewer-mpr-toggle')}
      >
        {t('mpr.toggle')}
      </Button>
      <Popconfirm
        title={t('marks.clearConfirm')}
        okText={t('marks.clearOk')}
        cancelText={t('marks.cancel')}
        okButtonProps={{ danger: true, ...testIdProp('viewer-clear-ok') }}
        onConfirm={() => view?.clearMarks(studyIuid)}
      >
        <Button size="small" danger disabled={disabled} {...testIdProp('viewer-clear-marks')}>
          {t('tools.clearMarks')}
        </Button>
      </Popconfirm>
    </>
  );
}
