import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { WechatBinding, WechatFinish, WechatLoginType } from '@shared/schemas/wechat-login';
import { apiGet, request } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';

/** Whether QR sign-in is offered (sys_config weixin_login and the QR sign-in app). */
export const offeredQuery = queryOptions({
  queryKey: ['wechat', 'offered'],
  queryFn: () => apiGet<boolean>('/tool/getWeiXinLogin', undefined, { silent: true }),
  staleTime: 60_000,
});
export const useWeixinLoginOffered = () => useQuery(offeredQuery);

/** Starts a sign-in or bind (the server sets this browser's cookie) and goes to the platform's QR page. */
export async function startWechat(type: WechatLoginType): Promise<void> {
  const { url } = await apiGet<{ url: string }>('/authorize/login', { type }, { silent: true });
  window.location.assign(url);
}

/** Uses up the sign-in or bind the platform sent this browser back with. */
export const finishWechat = async () =>
  (await request<WechatFinish>('/authorize/finish', { method: 'POST', json: {}, silent: true })).data;

const BINDING_KEY = ['wechat', 'binding'];
export const useWechatBinding = () =>
  useQuery({ queryKey: BINDING_KEY, queryFn: () => apiGet<WechatBinding>('/wechat/binding') });
export const useWechatUnbind = () =>
  useMutation({
    mutationFn: async () => (await request<null>('/wechat/unbind', { method: 'POST', json: {} })).msg,
    onSuccess: () => queryClient.setQueryData<WechatBinding>(BINDING_KEY, { bound: false, open_id_mask: '' }),
  });
