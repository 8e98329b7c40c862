/**
 * Signs that the server cannot keep up, as the request gate sees them: requests turned away (503) and
 * requests that waited over STRAINED_WAIT_MS for their turn, counted per hour over the last day. On the
 * embedded database they mean the installation has outgrown it (README, "Moving to PostgreSQL"): /healthz
 * and the super administrator's sign-in say so.
 */
export const STRAINED_WAIT_MS = 1000;
const HOUR = 3_600_000;
const HOURS = 24;

export interface StrainCounts {
  /** Requests answered 503 because too many were waiting, or waited too long. */
  shed: number;
  /** Requests that waited longer than STRAINED_WAIT_MS for their turn, then were served. */
  waited: number;
}

export interface Strain {
  note(kind: keyof StrainCounts): void;
  /** The counts of the last 24 hours; null when there were none. */
  lastDay(): StrainCounts | null;
}

export function createStrain(now: () => number = Date.now): Strain {
  const buckets = new Map<number, StrainCounts>();
  return {
    note(kind) {
      const hour = Math.floor(now() / HOUR);
      let b = buckets.get(hour);
      if (!b) {
        b = { shed: 0, waited: 0 };
        buckets.set(hour, b);
        for (const h of buckets.keys()) if (h <= hour - HOURS) buckets.delete(h);
      }
      b[kind]++;
    },
    lastDay() {
      const from = Math.floor(now() / HOUR) - HOURS;
      const sum: StrainCounts = { shed: 0, waited: 0 };
      for (const [h, b] of buckets)
        if (h > from) {
          sum.shed += b.shed;
          sum.waited += b.waited;
        }
      return sum.shed || sum.waited ? sum : null;
    },
  };
}

/** The embedded database has turned requests away or kept them waiting in the last day: time for PostgreSQL. */
export function outgrownEmbedded(deps: { dbKind: 'pglite' | 'postgres'; strain: Strain }): StrainCounts | null {
  return deps.dbKind === 'pglite' ? deps.strain.lastDay() : null;
}
