import { useMutation } from '@tanstack/react-query';
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
  const key = foot?.aes === 'Y' ? foot.aes_key : '';
  // crypto-js only when the server asks for AES: it is not part of the login page's first download.
  const encrypt = key ? (await import('@shared/aes')).aesEncrypt : null;
  const form: Record<string, string> = {
    username: encrypt ? encrypt(input.username, key) : input.username,
    password: encrypt ? encrypt(input.password, key) : input.password,
    logon_type: 'PC',
    captchaKey: input.captchaKey,
    inputCode: input.inputCode,
  };
  if (encrypt) form.use_aes = 'Y';
  const env = await request<LoginResult>('/user/login', { method: 'POST', form, silent: true });
  return env.data;
}

export function useLogin(foot: Pick<FootTitle, 'aes' | 'aes_key'> | undefined) {
  return useMutation({ mutationFn: (input: LoginInput) => login(input, foot) });
}

/** Whether the captcha is required: always (configuration) or for this username after failures. */
export const fetchUseCaptcha = (username?: string) =>
  apiGet<boolean>('/tool/getUseCaptcha', username ? { username } : undefined, { silent: true });
