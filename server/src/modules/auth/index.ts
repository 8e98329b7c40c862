import './messages';
import type { ServerModule } from '../../platform/module';
import { authRoutes } from './routes';

export const authModule: ServerModule = {
  name: 'auth',
  permissions: [],
  routes: () => [authRoutes()],
};

// What other modules use of this one.
export { captchaAudio, issueCaptcha } from './captcha';
export { tooManyAttempts } from './failure';
export { findUser } from './find-user';
export { signingOut } from './hooks';
export { completeSignIn, failureCount, lockedMinutes, login, type ClientMeta } from './login';
export {
  authUserByPk,
  authUserFields,
  authUserOf,
  authenticate,
  createSession,
  permsOfRole,
  revokeUserSessions,
} from './session';
export { clearFailures, countFailure, recordSuccess, throttledUsernames, waitSeconds } from './throttle';
export { toUser } from './to-user';
