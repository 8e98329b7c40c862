/** The calling thread's CPU time, ms (10 ms resolution). */
export function threadCpuMs(): number;
/** CPU time of these PostgreSQL backends (process ids from pg_stat_activity), ms. */
export function backendCpuMs(pids: number[]): number;
/** CPU time of every process named postgres on this machine, ms. */
export function postgresCpuMs(): number;
/** The whole machine's busy and total CPU time so far (all cores), ms. */
export function machineCpuMs(): { busy: number; total: number };
