import type { ErrorId } from '../../shared/src/errors';

/** What the simulated users do; each is one or more requests, timed together. */
export const LOAD_ACTIONS = ['worklist', 'open', 'save', 'audit', 'cancel audit', 'print', 'release'] as const;
export type LoadAction = (typeof LOAD_ACTIONS)[number];

/** Writes another user can legitimately beat: the report changed (version) or left the state (audited). */
const RACE_REFUSALS: readonly ErrorId[] = ['STALE_VERSION', 'REPORT_STATE'];
const WRITES: readonly LoadAction[] = ['save', 'audit', 'cancel audit'];

export type Outcome = { kind: 'ok' } | { kind: 'refused' | 'error'; key: string };

/** Judges one answer: success, a refusal a concurrent user explains, or an error (anything else). */
export function classify(
  action: LoadAction,
  status: number,
  body: { success?: boolean; error?: string } | null,
): Outcome {
  if (status >= 200 && status < 300 && body?.success === true) return { kind: 'ok' };
  const key = `${action}: ${status} ${body?.error ?? 'no envelope'}`;
  const raced = status === 409 && WRITES.includes(action) && RACE_REFUSALS.includes(body?.error as ErrorId);
  return { kind: raced ? 'refused' : 'error', key };
}

/** Everything one worker measured. */
export interface LoadTally {
  ms: Record<LoadAction, number[]>;
  errors: Record<string, number>;
  refused: Record<string, number>;
  /** Requests sent again because the kept-alive connection they were sent on had just been closed. */
  retried: Record<string, number>;
}

export const emptyTally = (): LoadTally => ({
  ms: Object.fromEntries(LOAD_ACTIONS.map((a) => [a, []])) as unknown as Record<LoadAction, number[]>,
  errors: {},
  refused: {},
  retried: {},
});

const addCounts = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
};

export function mergeTallies(tallies: LoadTally[]): LoadTally {
  const all = emptyTally();
  for (const t of tallies) {
    for (const a of LOAD_ACTIONS) all.ms[a] = all.ms[a].concat(t.ms[a]);
    addCounts(all.errors, t.errors);
    addCounts(all.refused, t.refused);
    addCounts(all.retried, t.retried);
  }
  return all;
}
