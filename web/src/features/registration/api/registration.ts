import { useMutation } from '@tanstack/react-query';
import type {
  Activate,
  ActivateResult,
  Register,
  RegisterResult,
  ResendActivation,
  SendRegisterCaptcha,
  SendRegisterCaptchaResult,
} from '@shared/schemas/registration';
import { apiPost } from '@web/lib/api-client';

// Every call is silent: the page shows the refusal beside its field or in its own message.
const silent = { silent: true };

/** POST /user/sendRegisterCaptcha: a 4-digit code to the number; the answer says when the next may be asked. */
export const useSendRegisterCode = () =>
  useMutation({
    mutationFn: (body: SendRegisterCaptcha) =>
      apiPost<SendRegisterCaptchaResult>('/user/sendRegisterCaptcha', body, silent),
  });

/** POST /user/register: the inactive account and its activation mail. */
export const useRegister = () =>
  useMutation({ mutationFn: (body: Register) => apiPost<RegisterResult>('/user/register', body, silent) });

/** POST /user/activate with the mail link's token. */
export const useActivate = () =>
  useMutation({ mutationFn: (body: Activate) => apiPost<ActivateResult>('/user/activate', body, silent) });

/** POST /user/resendActivation: the same answer whether or not the address awaits activation. */
export const useResendActivation = () =>
  useMutation({ mutationFn: (body: ResendActivation) => apiPost<null>('/user/resendActivation', body, silent) });
