import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { HospitalOptionSchema } from '@shared/schemas/order';
import type { DoctorOption } from '@shared/schemas/order-calls';
import type {
  CountDetail,
  MonthCountRequest,
  MonthCountRow,
  StatsExportRequest,
  SeriesCall,
  SeriesPoint,
  HospitalCountRow,
  StatsRange,
  StorageRow,
  UserWorkCountRequest,
  WorkCountRow,
} from '@shared/schemas/statistics';
import { apiPost } from '@web/lib/api-client';
import { apiDownload } from '@web/lib/api-download';

type Hospital = z.infer<typeof HospitalOptionSchema>;

/** The hospitals in the caller's scope (all for the super administrator, else their own). */
export const useStatsHospitals = () =>
  useQuery({
    queryKey: ['hospitals'],
    queryFn: () => apiPost<Hospital[]>('/hospital/getHospitalNameAndSn'),
    staleTime: 10 * 60_000,
  });

/** A query runs when the user presses Query (`params` set), not on every filter change. */
export const useWorkCount = (params: UserWorkCountRequest | undefined) =>
  useQuery({
    queryKey: ['stats', 'userWorkCount', params],
    queryFn: ({ signal }) => apiPost<WorkCountRow[]>('/orderCount/userWorkCount', params, { signal }),
    enabled: !!params,
    staleTime: 0,
  });

/** The doctors of a hospital (`/orderCount/doctorList`; no sn: the caller's, every one for the super administrator). */
export const useDoctorList = (sn: string | undefined) =>
  useQuery({
    queryKey: ['stats', 'doctorList', sn ?? ''],
    queryFn: ({ signal }) => apiPost<DoctorOption[]>('/orderCount/doctorList', sn ? { sn } : {}, { signal }),
    staleTime: 60_000,
  });

export const useMonthCount = (params: MonthCountRequest | undefined) =>
  useQuery({
    queryKey: ['stats', 'monthCountByBodyPart', params],
    queryFn: ({ signal }) => apiPost<MonthCountRow[]>('/orderCount/monthCountByBodyPart', params, { signal }),
    enabled: !!params,
    staleTime: 0,
  });

/** The xlsx of exactly the table the parameters give (`/orderCount/exportExcel {type, ...params}`). */
export const exportStats = (req: StatsExportRequest, fallbackName: string) =>
  apiDownload('/orderCount/exportExcel', { json: req, fallbackName });

/** Storage usage per hospital (`fileUseCount`): bytes, MB and GB per hospital, then the total row. */
export const useStorage = (params: StatsRange | undefined) =>
  useQuery({
    queryKey: ['stats', 'fileUseCount', params],
    queryFn: ({ signal }) => apiPost<StorageRow[]>('/orderCount/fileUseCount', params, { signal }),
    enabled: !!params,
    staleTime: 0,
  });

/** One dashboard series (`[{name, value}]` sorted by name) for the range and hospital. */
export const seriesQuery = (call: SeriesCall, params: StatsRange) => ({
  queryKey: ['stats', call, params],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiPost<SeriesPoint[]>(`/orderCount/${call}`, params, { signal }),
  staleTime: 0,
});

/** Statistics per hospital (`doctorCount`): the workload columns per hospital, then the total row. */
export const useHospitalCount = (params: StatsRange | undefined) =>
  useQuery({
    queryKey: ['stats', 'doctorCount', params],
    queryFn: ({ signal }) => apiPost<HospitalCountRow[]>('/orderCount/doctorCount', params, { signal }),
    enabled: !!params,
    staleTime: 0,
  });

/** Any table call of the second part (`path` under the API root) for the parameters set by Query. */
export const useStatsCall = <Row, Params extends object = StatsRange>(path: string, params: Params | undefined) =>
  useQuery({
    queryKey: ['stats', path, params],
    queryFn: ({ signal }) => apiPost<Row>(path, params, { signal }),
    enabled: !!params,
    staleTime: 0,
  });

/** The dashboard's headline figures (`countDatail`) for the range and hospital. */
export const useCountDetail = (params: StatsRange) =>
  useQuery({
    queryKey: ['stats', 'countDatail', params],
    queryFn: ({ signal }) => apiPost<CountDetail>('/orderCount/countDatail', params, { signal }),
    staleTime: 0,
  });
