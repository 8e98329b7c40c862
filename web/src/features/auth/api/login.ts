import { useMutation } from '@tanstack/react-query';
import { aesEncrypt } from '@shared/aes';
import type { FootTitle, LoginResult } from '@shared/schemas/auth';
import { apiGet, request } from '@web/lib/api-client';

export interface LoginInput {
  username: string;
  password: string;
  captchaKey: string;
  inputCode: string;
}

/** The form-encoded sign-in; credentials AES-encrypted when the server asks for it (aes 'Y'). */
export async function login(input: LoginInput, foot: Pick<FootTitle, 'aes' | 'aes_key'> | undefined) {
  const aes = foot?.aes === 'Y' && !!foot.aes_key;
  const form: Record<string, string> = {
    username: aes && foot ? aesEncrypt(input.username, foot.aes_key) : input.username,
    password: aes && foot ? aesEncrypt(input.password, foot.aes_key) : input.password,
    logon_type: 'PC',
    captchaKey: input.captchaKey,
    inputCode: input.inputCode,
  };
  if (aes) form.use_aes = 'Y';
  const env = await request<LoginResult>('/user/login', { method: 'POST', form, silent: true });
  return env.data;
}

export function useLogin(foot: Pick<FootTitle, 'aes' | 'aes_key'> | undefined) {
  return useMutation({ mutationFn: (input: LoginInput) => login(input, foot) });
}

/** Whether the captcha is required: always (configuration) or for this username after failures. */
export const fetchUseCaptcha = (username?: string) =>
  apiGet<boolean>('/tool/getUseCaptcha', username ? { username } : undefined, { silent: true });
