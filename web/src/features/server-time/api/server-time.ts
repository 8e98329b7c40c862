import { useMutation } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { setHospitalZone } from '@web/lib/hospital-time';
import { useClockStore } from '../stores/clock-store';

/** Asks the server for its time and zone and keeps the offset (half the round trip is credited to the answer). */
async function syncServerTime(): Promise<number> {
  const sent = Date.now();
  const r = await apiGet<{ time: string; timestamp: number; timeZone: string }>('/tool/serverTime');
  const received = Date.now();
  const offset = r.timestamp - Math.round((sent + received) / 2);
  useClockStore.getState().setOffset(offset);
  setHospitalZone(r.timeZone);
  return offset;
}

export const useSyncServerTime = () => useMutation({ mutationFn: syncServerTime });
