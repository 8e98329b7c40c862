import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Page } from '@shared/schemas/common';
import type { HospitalOptionSchema } from '@shared/schemas/order';
import type { CallRoom } from '@shared/schemas/call-devices';
import type { UsClientRow, UsClientSave, UsNumberRow, UsNumberSave } from '@shared/schemas/us-stations';
import type { ListParams } from '@web/components/list-page/fields';
import { setFilters } from '@web/components/list-page/list-url';
import { apiPost } from '@web/lib/api-client';
import { pageOfRows } from '@web/components/list-page/list-query';
import type { SegmentFilters, StationFilters } from '../lib/us-station-list';

type Hospital = z.infer<typeof HospitalOptionSchema>;

export function useStations(p: ListParams<StationFilters>) {
  const { status, ...filters } = setFilters(p.filters) as Partial<StationFilters>;
  return useQuery({
    queryKey: ['us-stations', p],
    queryFn: async ({ signal }): Promise<Page<UsClientRow>> => {
      const body = { ...filters, ...(status ? { status: Number(status) } : {}) };
      const rows = await apiPost<UsClientRow[]>('/us/client/queryAllList', body, { signal });
      return pageOfRows(rows, p.pageNumber, p.pageSize);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSegments(p: ListParams<SegmentFilters>) {
  const filters = setFilters(p.filters) as Partial<SegmentFilters>;
  return useQuery({
    queryKey: ['us-segments', p],
    queryFn: ({ signal }) =>
      apiPost<Page<UsNumberRow>>(
        '/us/number/queryList',
        { pageNumber: p.pageNumber, pageSize: p.pageSize, ...filters },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Rooms of a hospital (the caller's own when none is named), for the room pickers. */
export function useRooms(hospitalCode?: string) {
  return useQuery({
    queryKey: ['call-rooms', hospitalCode ?? ''],
    queryFn: () => apiPost<CallRoom[]>('/device/queryCallList', hospitalCode ? { hospital_code: hospitalCode } : {}),
    staleTime: 60_000,
  });
}

export function useHospitalOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['hospitals'],
    queryFn: () => apiPost<Hospital[]>('/hospital/getHospitalNameAndSn'),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** Field refusals (name or ip taken, overlap) go to the form. */
export const saveStation = (v: UsClientSave) =>
  apiPost<UsClientRow>('/us/client/saveOrUpdateUsClient', v, { silent: true });
export const deleteStation = (pk: number) => apiPost<null>('/us/client/deleteInfo', { pk });
export const saveSegment = (v: UsNumberSave) => apiPost<UsNumberRow>('/us/number/saveOrEdit', v, { silent: true });
export const deleteSegment = (pk: number) => apiPost<null>('/us/number/del', { pk });
