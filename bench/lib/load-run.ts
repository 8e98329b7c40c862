import { Worker } from 'node:worker_threads';
import { signIn } from './harness';
import { LOAD_PASSWORD, type LoadAccount } from './load-data';
import type { LoadTally } from './load-outcome';
import type { LoadUser, LoadWorkerData } from './load-user';

/** Every account signed in once (its session is the simulated user's). */
export async function signInAll(base: string, accounts: LoadAccount[]): Promise<LoadUser[]> {
  const users: LoadUser[] = [];
  for (const a of accounts) {
    const { token } = await signIn(base, a.username, LOAD_PASSWORD);
    if (!token) throw new Error(`${a.username} could not sign in`);
    users.push({ token, auditor: a.auditor });
  }
  return users;
}

/** The users spread over worker threads until `until` (epoch ms); each worker's tally when it is done. */
export function startWorkers(
  o: { base: string; users: LoadUser[]; until: number; thinkMs: number; workers: number },
  counters: SharedArrayBuffer,
): Promise<LoadTally>[] {
  return Array.from({ length: o.workers }, (_, w) => {
    const data: LoadWorkerData = {
      base: o.base,
      users: o.users.filter((_, i) => i % o.workers === w),
      until: o.until,
      thinkMs: o.thinkMs,
      counters,
    };
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: data });
    return new Promise<LoadTally>((resolve, reject) => {
      worker.once('message', (t: LoadTally) => void worker.terminate().then(() => resolve(t)));
      worker.once('error', reject);
    });
  });
}
