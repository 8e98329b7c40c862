import type { QueueState } from '@shared/schemas/queue';

/** antd Tag colours of the queue states. */
export const STATE_COLORS: Record<QueueState, string> = {
  registered: 'default',
  number_taken: 'blue',
  called: 'orange',
  passed: 'gold',
  checking: 'purple',
  completed: 'green',
  abandoned: 'red',
};
