import { useQuery } from '@tanstack/react-query';
import { PERMISSIONS } from '@shared/permissions';
import type { ReportConfig } from '@shared/report/document';
import { CONFIG_CACHE_MS } from '@shared/constants';
import { apiGet } from '@web/lib/api-client';
import { can, useUserInfo } from '@web/lib/user-info';

/** `/tool/reportConfig` as the security tab reads it (workload_link_hospital: '' or absent means no one). */
type WithWorkloadLink = ReportConfig & { workload_link_hospital?: string };

/**
 * Whether the security tab offers the "workload statistics" link to /zhanjiang: the user's hospital is the
 * configured `workload_link_hospital` and the user may open statistics (else the link would lead to 403).
 */
export function useWorkloadLink(): boolean {
  const { data: info } = useUserInfo();
  const { data: config } = useQuery({
    queryKey: ['report-config'],
    queryFn: ({ signal }) => apiGet<WithWorkloadLink>('/tool/reportConfig', undefined, { signal, silent: true }),
    staleTime: CONFIG_CACHE_MS,
  });
  const code = config?.workload_link_hospital ?? '';
  return !!code && code === info?.user.hospital_code && can(info, PERMISSIONS.STATS_VIEW);
}
