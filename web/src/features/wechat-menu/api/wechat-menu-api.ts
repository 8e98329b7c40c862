import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateMenuBodySchema, MenuButton, PlatformResultSchema } from '@shared/schemas/wechat-menu';
import { apiPost, request } from '@web/lib/api-client';

type PlatformResult = z.infer<typeof PlatformResultSchema>;

/** The hospital's current menu as the platform holds it (an empty list when it has none). */
export function useWechatMenu(hospital: string | undefined) {
  return useQuery({
    queryKey: ['wechat-menu', hospital],
    queryFn: () => apiPost<{ button: MenuButton[] }>('/wxapi/getMenu', { hospital_code: hospital }, { silent: true }),
    enabled: !!hospital,
    staleTime: 0,
    retry: false,
  });
}

/** Publishes; the answer carries the platform's errcode/errmsg ('ok' = published) and our message for it. */
export async function publishMenu(body: z.input<typeof CreateMenuBodySchema>) {
  const env = await request<PlatformResult>('/wxapi/createMenu', { method: 'POST', json: body, silent: true });
  return { ...env.data, msg: env.msg };
}
