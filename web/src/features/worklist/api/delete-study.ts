import type { DeleteStudy, RecycleChange } from '@shared/schemas/recycle';
import { apiPost } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';

/** POST /api/order/deleteStudy: to the recycle bin with a reason; the worklist, favourites and bin follow. */
export async function deleteStudies(body: DeleteStudy): Promise<RecycleChange> {
  const r = await apiPost<RecycleChange>('/api/order/deleteStudy', body);
  await Promise.all(
    ['orders', 'collection', 'recycle-bin'].map((k) => queryClient.invalidateQueries({ queryKey: [k] })),
  );
  return r;
}
