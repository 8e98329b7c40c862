import { hookPoint } from '../../platform/hook';

/**
 * A session is signing out, before it is revoked: what it holds is let go (the studies it was writing).
 * Awaited: a failure fails the sign-out, which the page then retries.
 */
export const signingOut = hookPoint<{ user_pk: number; session_pk: number }>('auth.signingOut');
