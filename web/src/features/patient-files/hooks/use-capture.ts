import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '@web/lib/feedback';
import { useSaveCapture } from '../api/video-api';
import { useCaptureDevice } from './use-capture-device';

/** The capture device and saving its current frame to the study, by button or F8. */
export function useCapture(studyIuid: string, mayAdd: boolean) {
  const { t } = useTranslation('imageUpload');
  const device = useCaptureDevice();
  const save = useSaveCapture(studyIuid);

  const capture = async () => {
    const image = device.grab();
    if (!image) return;
    await save.mutateAsync(image);
    void feedback().message.success(t('video.saved'));
  };
  const canCapture = mayAdd && device.state === 'live' && !save.isPending;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      e.preventDefault();
      if (canCapture) void capture().catch(() => undefined);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return { device, capture, canCapture, saving: save.isPending };
}

export type CaptureControl = ReturnType<typeof useCapture>;
