import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Page } from '@shared/schemas/common';
import type { HospitalOptionSchema } from '@shared/schemas/order';
import type { CallDeviceRow, CallDeviceSave, CallDeviceSaved } from '@shared/schemas/call-devices';
import type { ListParams } from '@web/components/list-page/fields';
import { setFilters } from '@web/components/list-page/list-url';
import { apiPost } from '@web/lib/api-client';
import type { CallDeviceFilters } from '../lib/call-device-list';

type Hospital = z.infer<typeof HospitalOptionSchema>;

export function useCallDevices(p: ListParams<CallDeviceFilters>) {
  const { status, ...filters } = setFilters(p.filters) as Partial<CallDeviceFilters>;
  return useQuery({
    queryKey: ['call-devices', p],
    queryFn: ({ signal }) =>
      apiPost<Page<CallDeviceRow>>(
        '/device/pageCallList',
        { pageNumber: p.pageNumber, pageSize: p.pageSize, ...filters, ...(status ? { status: Number(status) } : {}) },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
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

/** Create (the answer holds the new device key, shown once) or replace a device; field refusals go to the form. */
export const saveCallDevice = (v: CallDeviceSave) => apiPost<CallDeviceSaved>('/device/saveCall', v, { silent: true });
export const setCallDeviceStatus = (pk: number, status: number) =>
  apiPost<null>('/device/updateCallStatus', { pk, status });
export const deleteCallDevice = (pk: number) => apiPost<null>('/device/deleteCall', { pk });
/** A new key: the device's screens with the old one are disconnected. */
export const newCallKey = (pk: number) => apiPost<CallDeviceSaved>('/device/newCallKey', { pk });
