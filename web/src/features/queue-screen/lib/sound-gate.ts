import { STORAGE_KEYS } from '@web/lib/storage-keys';

/** Someone turned the sound on at a call screen in this browser once: it does not ask up front again. */
export const soundRemembered = (s: Storage): boolean => s.getItem(STORAGE_KEYS.screenSound) === '1';
export const rememberSound = (s: Storage): void => s.setItem(STORAGE_KEYS.screenSound, '1');

type Timers = Pick<typeof globalThis, 'setTimeout'>;

/**
 * Whether the browser lets the page play sound before anyone touches it: its AudioContext starts running
 * only then (autoplay rule). Asked to resume, a context that may run does so at once; one held back
 * stays suspended, so after `waitMs` the state is the answer.
 */
export async function soundAllowed(
  ctx: Pick<AudioContext, 'state' | 'resume'>,
  waitMs = 500,
  timers: Timers = globalThis,
): Promise<boolean> {
  const running = () => ctx.state === 'running';
  if (running()) return true;
  await Promise.race([ctx.resume().catch(() => undefined), new Promise((r) => timers.setTimeout(r, waitMs))]);
  return running();
}
