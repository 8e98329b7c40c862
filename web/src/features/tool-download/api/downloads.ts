import { useQuery } from '@tanstack/react-query';
import type { Downloads } from '@shared/schemas/downloads';
import { apiGet } from '@web/lib/api-client';

/** GET /tool/downloads: what this installation publishes for its workstations. */
export function useDownloads() {
  return useQuery({
    queryKey: ['tool-downloads'],
    queryFn: ({ signal }) => apiGet<Downloads>('/tool/downloads', undefined, { signal }),
  });
}

/** 1536 -> "1.5 KB": the size as people read it. */
export function readableSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${u ? v.toFixed(1) : v} ${units[u]}`;
}
