import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { HospitalOptionSchema } from '@shared/schemas/order';
import type { WechatAccountKind, WechatAccountSave, WechatAccountView } from '@shared/schemas/wechat-account';
import { apiGet, apiPost, request } from '@web/lib/api-client';
import { queryClient } from '@web/lib/query-client';

type Hospital = z.infer<typeof HospitalOptionSchema>;

const accountKey = (kind: WechatAccountKind, hospital_code: string) => ['wechat', 'account', kind, hospital_code];

/** One account's settings; secrets come back only as set / masked. */
export const useWechatAccount = (kind: WechatAccountKind, hospital_code: string, enabled = true) =>
  useQuery({
    queryKey: accountKey(kind, hospital_code),
    queryFn: () => apiGet<WechatAccountView>('/wechat/account', { kind, hospital_code }),
    enabled,
  });

/** Save; the answer is the new state, put straight into the cache. */
export const useSaveWechatAccount = () =>
  useMutation({
    mutationFn: async (v: WechatAccountSave) =>
      request<WechatAccountView>('/wechat/account/save', { method: 'POST', json: v, silent: true }),
    onSuccess: (env) => queryClient.setQueryData(accountKey(env.data.kind, env.data.hospital_code), env.data),
  });

export const useWechatHospitals = (enabled: boolean) =>
  useQuery({
    queryKey: ['hospitals'],
    queryFn: () => apiPost<Hospital[]>('/hospital/getHospitalNameAndSn'),
    enabled,
    staleTime: 10 * 60_000,
  });
