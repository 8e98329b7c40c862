import type { Locale } from '@shared/constants';
import type { QueueState } from '@shared/schemas/queue';
import { AppError } from '../../platform/core/errors';
import { translate, type MessageKey } from '../../platform/core/i18n';

const STATE_LABEL: Record<QueueState, MessageKey> = {
  registered: 'queueStateRegistered',
  number_taken: 'queueStateNumberTaken',
  called: 'queueStateCalled',
  passed: 'queueStatePassed',
  checking: 'queueStateChecking',
  completed: 'queueStateCompleted',
  abandoned: 'queueStateAbandoned',
};

export const stateLabel = (locale: Locale, s: QueueState) => translate(locale, STATE_LABEL[s]);

/** 409: the action is not allowed from the registration's state (nothing was written). */
export const wrongState = (locale: Locale, s: QueueState) =>
  new AppError(409, 'QUEUE_STATE', 'queueState', { state: stateLabel(locale, s) }, undefined, { state: s });

/** 409: the patient already holds a place in today's queue of the hospital. */
export const alreadyQueued = (locale: Locale, patId: string, s: QueueState) =>
  new AppError(409, 'QUEUE_DUPLICATE', 'queueDuplicate', { pat_id: patId, state: stateLabel(locale, s) });

/** 400 on a field: the room does not exist in the hospital. */
export function noRoom(locale: Locale, room: string): AppError {
  return AppError.validation('validation', [{ field: 'call_room', msg: translate(locale, 'queueNoRoom', { room }) }]);
}
