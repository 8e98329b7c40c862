import { useMutation } from '@tanstack/react-query';
import type { FootTitle, LoginResult } from '@shared/schemas/auth';
import { apiGet, request } from '@web/lib/api-client';

export interface LoginInput {
  username: string;
  password: string;
  captchaKey: string;
  inputCode: string;
}

/**
 * The form-encoded credentials of a sign-in (/user/login, and the third-party authorisation's /sso/login):
 * AES-encrypted when the server asks for it (aes 'Y').
 */
export async function credentialsForm(
  input: LoginInput,
  foot: Pick<FootTitle, 'aes' | 'aes_key'> | undefined,
): Promise<Record<string, string>> {
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
  return form;
}

/** The platform's own sign-in, given the credentials form. */
export async function postLogin(form: Record<string, string>): Promise<LoginResult> {
  const env = await request<LoginResult>('/user/login', { method: 'POST', form, silent: true });
  return env.data;
}

/** A sign-in: the credentials form of `input`, sent by `send` (postLogin, or another sign-in call). */
export function useLogin<R>(
  foot: Pick<FootTitle, 'aes' | 'aes_key'> | undefined,
  send: (form: Record<string, string>) => Promise<R>,
) {
  return useMutation({ mutationFn: async (input: LoginInput) => send(await credentialsForm(input, foot)) });
}

/** Whether the captcha is required: always (configuration) or for this username after failures. */
export const fetchUseCaptcha = (username?: string) =>
  apiGet<boolean>('/tool/getUseCaptcha', username ? { username } : undefined, { silent: true });
