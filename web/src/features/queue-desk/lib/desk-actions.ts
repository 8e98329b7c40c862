import { PERMISSIONS } from '@shared/permissions';
import { canTransition, type QueueAction, type Registration } from '@shared/schemas/queue';

/** The route of each queue action (docs/queue.md). */
export const ACTION_ROUTES: Record<QueueAction, string> = {
  takeNumber: '/register/callNo',
  call: '/register/callNumber',
  callAgain: '/register/callAgain',
  pass: '/register/pass',
  checking: '/register/checking',
  complete: '/register/completeInspection',
  abandon: '/register/abandon',
  recover: '/register/recovery',
  referral: '/register/referral',
  top: '/register/topOne',
  delete: '/register/deletePatient',
};

/** The desk's actions ask for the registration desk's permission; calling into a room for the caller's. */
export const ACTION_PERMISSION: Record<QueueAction, string> = {
  takeNumber: PERMISSIONS.QUEUE_REGISTER,
  call: PERMISSIONS.QUEUE_CALL,
  callAgain: PERMISSIONS.QUEUE_CALL,
  pass: PERMISSIONS.QUEUE_CALL,
  checking: PERMISSIONS.QUEUE_CALL,
  complete: PERMISSIONS.QUEUE_CALL,
  abandon: PERMISSIONS.QUEUE_REGISTER,
  recover: PERMISSIONS.QUEUE_REGISTER,
  referral: PERMISSIONS.QUEUE_REGISTER,
  top: PERMISSIONS.QUEUE_REGISTER,
  delete: PERMISSIONS.QUEUE_REGISTER,
};

/** Actions that need a room chosen first. */
export const ROOM_ACTIONS: readonly QueueAction[] = ['takeNumber', 'referral'];
/** Actions confirmed before they run (they take the patient out of the queue). */
export const CONFIRMED_ACTIONS: readonly QueueAction[] = ['abandon', 'delete'];

/**
 * Whether an action may run on a row now: the transitions of the shared schema (the server refuses the
 * same), a deleted registration can only be recovered, and the caller must hold the action's permission.
 */
export function actionAllowed(
  action: QueueAction,
  row: Pick<Registration, 'state' | 'is_del'>,
  can: (permission: string) => boolean,
): boolean {
  if (!can(ACTION_PERMISSION[action])) return false;
  if (row.is_del === 1) return action === 'recover';
  return canTransition(action, row.state);
}
