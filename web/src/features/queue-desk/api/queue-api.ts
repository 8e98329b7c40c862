import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Page } from '@shared/schemas/common';
import type { HospitalOptionSchema } from '@shared/schemas/order';
import type {
  QueueAction,
  QueueOrderSchema,
  QueueState,
  RegisterSave,
  Registration,
  RoomCountSchema,
} from '@shared/schemas/queue';
import type { CallRoom } from '@shared/schemas/call-devices';
import type { ListParams } from '@web/components/list-page/fields';
import { setFilters } from '@web/components/list-page/list-url';
import { apiPost } from '@web/lib/api-client';
import { queryClient, QUEUE_QUERY_ROOT } from '@web/lib/query-client';
import { ACTION_ROUTES } from '../lib/desk-actions';
import type { DeskFilters } from '../lib/desk-list';

type RoomCount = z.infer<typeof RoomCountSchema>;
export type QueueOrder = z.infer<typeof QueueOrderSchema>;
type Hospital = z.infer<typeof HospitalOptionSchema>;

/** Only a super administrator names the hospital; anyone else works in their own. */
const inHospital = (hospital_code: string | undefined) => (hospital_code ? { hospital_code } : {});

export function useHospitalOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['hospitals'],
    queryFn: () => apiPost<Hospital[]>('/hospital/getHospitalNameAndSn'),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** The hospital's consulting rooms. */
export function useRooms(hospital_code: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [QUEUE_QUERY_ROOT, 'rooms', hospital_code ?? ''],
    queryFn: () => apiPost<CallRoom[]>('/device/queryCallList', inHospital(hospital_code)),
    enabled,
    staleTime: 60_000,
  });
}

/** Today's registrations per room and state. */
export function useRoomCounts(hospital_code: string | undefined, enabled = true) {
  return useQuery({
    queryKey: [QUEUE_QUERY_ROOT, 'counts', hospital_code ?? ''],
    queryFn: () => apiPost<RoomCount[]>('/register/countCallroom', inHospital(hospital_code)),
    enabled,
    staleTime: 0,
  });
}

/** The desk's list (POST /register/findByPage with the set filters). */
export function useRegistrations(p: ListParams<DeskFilters>, enabled = true) {
  const { is_del, ...filters } = setFilters(p.filters) as Partial<DeskFilters>;
  return useQuery({
    queryKey: [QUEUE_QUERY_ROOT, 'registrations', p],
    queryFn: ({ signal }) =>
      apiPost<Page<Registration>>(
        '/register/findByPage',
        { pageNumber: p.pageNumber, pageSize: p.pageSize, ...filters, ...(is_del ? { is_del: Number(is_del) } : {}) },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One room's queue today in calling order (the call panel). */
export function useRoomQueue(call_room: string, states: QueueState[], hospital_code?: string) {
  return useQuery({
    queryKey: [QUEUE_QUERY_ROOT, 'room-queue', call_room, states, hospital_code ?? ''],
    queryFn: () =>
      apiPost<Page<Registration>>('/register/callPageList', {
        call_room,
        states,
        pageSize: 20,
        ...inHospital(hospital_code),
      }),
    enabled: call_room !== '',
    staleTime: 0,
  });
}

/** Orders of the hospital waiting to be registered (scheduled studies without images). */
export function useWorkOrders(hospital_code: string | undefined, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [QUEUE_QUERY_ROOT, 'orders', hospital_code ?? '', keyword],
    queryFn: () =>
      apiPost<QueueOrder[]>('/register/workList', { ...inHospital(hospital_code), ...(keyword ? { keyword } : {}) }),
    enabled,
    staleTime: 0,
  });
}

const refreshQueue = () => queryClient.invalidateQueries({ queryKey: [QUEUE_QUERY_ROOT] });

/** Registers a patient (a field refusal goes back to the form: silent). */
export async function saveRegistration(v: RegisterSave): Promise<Registration> {
  const saved = await apiPost<Registration>('/register/save', v, { silent: true });
  await refreshQueue();
  return saved;
}

/** Runs a queue action on a registration; the lists and counts follow. */
export async function runQueueAction(action: QueueAction, pk: number, call_room?: string): Promise<Registration> {
  const done = await apiPost<Registration>(ACTION_ROUTES[action], { pk, ...(call_room ? { call_room } : {}) });
  await refreshQueue();
  return done;
}

/** Calls the first waiting patient of a room. */
export async function callNext(call_room: string, hospital_code?: string): Promise<Registration> {
  const called = await apiPost<Registration>('/register/callNext', { call_room, ...inHospital(hospital_code) });
  await refreshQueue();
  return called;
}

/** The doctor on duty in a room (the call screens show it); '' clears. */
export async function setRoomDoctor(call_room: string, doctor: string, hospital_code?: string): Promise<void> {
  await apiPost('/register/doctor', { call_room, doctor, ...inHospital(hospital_code) });
  await refreshQueue();
}
