import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Hl7PeerRow, Hl7PeerSave } from '@shared/schemas/his';
import type { HospitalOptionSchema } from '@shared/schemas/order';
import { apiPost } from '@web/lib/api-client';
import { rowToSave } from '../lib/his-peer';

type Hospital = z.infer<typeof HospitalOptionSchema>;

/** The HIS interfaces of the caller's hospitals, by name (a short list: not paged). */
export function useHisPeers() {
  return useQuery({
    queryKey: ['his-peers'],
    queryFn: ({ signal }) => apiPost<Hl7PeerRow[]>('/hl7/peerList', {}, { signal }),
    staleTime: 0,
  });
}

/** The hospitals the super administrator may put an interface in. */
export function useHospitalOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['hospitals'],
    queryFn: () => apiPost<Hospital[]>('/hospital/getHospitalNameAndSn'),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** Save answers field problems to the form, so the request layer stays silent. */
export const saveHisPeer = (v: Hl7PeerSave) => apiPost<{ pk: number }>('/hl7/savePeer', v, { silent: true });
/** On/off is a save of the whole row with the other status (there is no status call). */
export const setHisPeerStatus = (r: Hl7PeerRow, status: number) =>
  apiPost<{ pk: number }>('/hl7/savePeer', { ...rowToSave(r), status });
export const deleteHisPeer = (pk: number) => apiPost<null>('/hl7/deletePeer', { pk });
