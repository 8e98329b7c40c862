import { useCallback, useEffect, useRef, useState } from 'react';

export type CaptureDeviceState = 'idle' | 'starting' | 'live' | 'none' | 'denied';

/**
 * The capture device (getUserMedia video): started on demand, stopped when the page goes. `grab` draws the
 * current frame to a canvas and answers it as a JPEG data URL.
 */
export function useCaptureDevice() {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CaptureDeviceState>('idle');
  const [reason, setReason] = useState('');

  const start = useCallback(async () => {
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setState('none');
      return;
    }
    setState('starting');
    try {
      const devices = await media.enumerateDevices();
      if (!devices.some((d) => d.kind === 'videoinput')) {
        setState('none');
        return;
      }
      const s = await media.getUserMedia({ video: true, audio: false });
      stream.current = s;
      if (video.current) {
        video.current.srcObject = s;
        await video.current.play().catch(() => undefined);
      }
      setState('live');
    } catch (e) {
      const name = e instanceof DOMException ? e.name : '';
      setState(name === 'NotFoundError' || name === 'OverconstrainedError' ? 'none' : 'denied');
      setReason(e instanceof Error ? e.message : String(e));
    }
  }, []);

  useEffect(
    () => () => {
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  const grab = useCallback((): string | null => {
    const v = video.current;
    if (!v || state !== 'live' || !v.videoWidth) return null;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.92);
  }, [state]);

  return { video, state, reason, start, grab };
}
