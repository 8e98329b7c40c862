import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeviceRow,
  DeviceSave,
  HospitalRow,
  HospitalSave,
  RegionNode,
  RegionSave,
} from '@shared/schemas/admin-org';
import type { Page } from '@shared/schemas/common';
import { exportQuery, listQuery } from '@web/components/list-page/list-query';
import type { ListParams } from '@web/components/list-page/fields';
import { apiPost } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';
import type { DeviceFilters, HospitalFilters } from '../lib/specs';

export function useHospitalList(p: ListParams<HospitalFilters>) {
  return useQuery({
    queryKey: ['admin-hospitals', p],
    queryFn: ({ signal }) => apiPost<Page<HospitalRow>>('/hospital/list', listQuery(p), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every hospital with its code (the super administrator's device form). */
export function useAllHospitals(enabled: boolean) {
  return useQuery({
    queryKey: ['admin-hospitals', 'all'],
    queryFn: () => apiPost<Page<HospitalRow>>('/hospital/list', { pageSize: 500 }),
    enabled,
    staleTime: 60_000,
  });
}

/** Save answers field problems to the form, so the request layer stays silent. */
export const saveHospital = (v: HospitalSave) => apiPost<{ pk: number }>('/hospital/save', v, { silent: true });
export const deleteHospital = (pk: number) => apiPost<null>('/hospital/delete', { pk });
export const exportHospitals = (p: ListParams<HospitalFilters>) =>
  apiDownload('/hospital/exportXls', { query: { ...exportQuery(p) }, fallbackName: 'hospitals.xlsx' });

export function useRegionTree() {
  return useQuery({
    queryKey: ['regions'],
    queryFn: () => apiPost<RegionNode[]>('/group/GroupTree'),
    staleTime: 60_000,
  });
}
export const saveRegion = (v: RegionSave) => apiPost<{ pk: number }>('/group/save', v, { silent: true });
export const deleteRegion = (pk: number) => apiPost<null>('/group/delete', { pk });

export function useDeviceList(p: ListParams<DeviceFilters>) {
  return useQuery({
    queryKey: ['admin-devices', p],
    queryFn: ({ signal }) => apiPost<Page<DeviceRow>>('/device/pageAetList', listQuery(p), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
export const saveDevice = (v: DeviceSave) => apiPost<{ pk: number }>('/device/saveAet', v, { silent: true });
export const setDeviceStatus = (pk: number, status: number) => apiPost<null>('/device/updateAetStatus', { pk, status });
export const deleteDevice = (pk: number) => apiPost<null>('/device/deleteAet', { pk });

/** Refetches a list after a change. */
export function useRefresh(key: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [key] });
}
