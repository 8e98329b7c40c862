import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';

/**
 * The screen is laid out at the device's own size (screen_width x screen_height, so its font sizes mean
 * the same on every display) and scaled to fit the window, centred.
 */
export function ScaledStage({
  width,
  height,
  background,
  children,
}: {
  width: number;
  height: number;
  background: string;
  children: ReactNode;
}) {
  const [view, setView] = useState(() => ({ w: window.innerWidth, h: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setView({ w: window.innerWidth, h: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const scale = Math.min(view.w / width, view.h / height);
  const stage: CSSProperties = {
    position: 'absolute',
    width,
    height,
    left: (view.w - width * scale) / 2,
    top: (view.h - height * scale) / 2,
    transform: `scale(${scale})`,
    transformOrigin: '0 0',
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
  };
  return (
    <div style={{ position: 'fixed', inset: 0, background, overflow: 'hidden' }}>
      <div style={stage}>{children}</div>
    </div>
  );
}
