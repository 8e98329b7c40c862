import { Result, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState, type MouseEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANES, planeOf, toRgba, type Plane, type Volume } from '../lib/mpr';

type Point = { col: number; row: number; slice: number };
const DEFAULT_WINDOW = { center: 40, width: 400 };

interface Props {
  imageIds: string[];
  /** The stack's window (its presets and dragging apply here too). */
  window: { center: number; width: number } | null;
}

/** Axial, sagittal and coronal planes of the stack with crosshairs: a click moves them, the wheel a plane. */
export function MprView({ imageIds, window }: Props) {
  const { t } = useTranslation('imageViewer');
  const [volume, setVolume] = useState<Volume | null | 'loading' | 'none'>('loading');
  const [at, setAt] = useState<Point>({ col: 0, row: 0, slice: 0 });
  useEffect(() => {
    let gone = false;
    import('../cornerstone/mpr-source')
      .then(({ loadVolume }) => loadVolume(imageIds))
      .then(
        (v) => {
          if (gone) return;
          setVolume(v ?? 'none');
          if (v) setAt({ col: v.cols >> 1, row: v.rows >> 1, slice: v.slices >> 1 });
        },
        () => !gone && setVolume('none'),
      );
    return () => {
      gone = true;
    };
  }, [imageIds]);

  if (volume === 'loading')
    return (
      <div className="rx-viewer-mpr rx-viewer-message">
        <Spin />
      </div>
    );
  if (volume === 'none' || !volume)
    return (
      <div className="rx-viewer-mpr rx-viewer-message">
        <Result status="info" title={t('mpr.notVolume')} data-testid="viewer-mpr-none" />
      </div>
    );
  return (
    <div className="rx-viewer-mpr" data-testid="viewer-mpr">
      {PLANES.map((p) => (
        <MprPane key={p} volume={volume} plane={p} at={at} onAt={setAt} window={window ?? DEFAULT_WINDOW} />
      ))}
    </div>
  );
}

interface PaneProps {
  volume: Volume;
  plane: Plane;
  at: Point;
  onAt: (p: Point) => void;
  window: { center: number; width: number };
}

/** Where the other planes cross this one, in its pixels (across, down). */
function crossAt(plane: Plane, at: Point): [number, number] {
  if (plane === 'axial') return [at.col, at.row];
  return plane === 'sagittal' ? [at.row, at.slice] : [at.col, at.slice];
}

/** A pane's own index (which plane of its kind it shows) and how many there are. */
function ownIndex(plane: Plane, at: Point, v: Volume): [keyof Point, number] {
  if (plane === 'axial') return ['slice', v.slices];
  return plane === 'sagittal' ? ['col', v.cols] : ['row', v.rows];
}

function MprPane({ volume, plane, at, onAt, window }: PaneProps) {
  const { t } = useTranslation('imageViewer');
  const canvas = useRef<HTMLCanvasElement>(null);
  const image = useMemo(() => planeOf(volume, plane, at), [volume, plane, at]);
  const [u, v] = crossAt(plane, at);
  const [own, count] = ownIndex(plane, at, volume);

  useEffect(() => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (!c || !ctx) return;
    c.width = image.width;
    c.height = image.height;
    ctx.putImageData(new ImageData(toRgba(image.values, window), image.width, image.height), 0, 0);
  }, [image, window]);

  const click = (e: MouseEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const x = Math.floor(((e.clientX - r.left) / r.width) * image.width);
    const y = Math.floor(((e.clientY - r.top) / r.height) * image.height);
    const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), max - 1);
    if (plane === 'axial') onAt({ ...at, col: clamp(x, volume.cols), row: clamp(y, volume.rows) });
    else if (plane === 'sagittal') onAt({ ...at, row: clamp(x, volume.rows), slice: clamp(y, volume.slices) });
    else onAt({ ...at, col: clamp(x, volume.cols), slice: clamp(y, volume.slices) });
  };
  const wheel = (e: WheelEvent<HTMLDivElement>) => {
    const next = Math.min(Math.max(at[own] + Math.sign(e.deltaY), 0), count - 1);
    if (next !== at[own]) onAt({ ...at, [own]: next });
  };

  return (
    <div className="rx-mpr-pane" data-testid={`viewer-mpr-${plane}`} data-index={at[own]} onWheel={wheel}>
      <div className="rx-mpr-label">
        {t(`mpr.${plane}`)} {at[own] + 1}/{count}
      </div>
      <div
        className="rx-mpr-image"
        style={{ aspectRatio: `${image.widthMm} / ${image.heightMm}` }}
        onClick={click}
        role="presentation"
      >
        <canvas ref={canvas} />
        <svg viewBox={`0 0 ${image.width} ${image.height}`} preserveAspectRatio="none" aria-hidden>
          <line x1={u + 0.5} x2={u + 0.5} y1={0} y2={image.height} />
          <line x1={0} x2={image.width} y1={v + 0.5} y2={v + 0.5} />
        </svg>
      </div>
    </div>
  );
}
