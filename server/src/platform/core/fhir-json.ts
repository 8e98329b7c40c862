/** FHIR JSON as sent: the platform's resources (DiagnosticReport, ServiceRequest, OperationOutcome). */
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * FHIR JSON allows no empty element (R4 2.6.2: no "", no [], no {} and no null): a receiver that validates
 * refuses a report holding one, and keeps the earlier status (a withdrawal without an auditor was `[]`).
 */
export function withoutEmpty<T>(value: T): T {
  const clean = (v: Json): Json | undefined => {
    if (v === null || v === '') return undefined;
    if (Array.isArray(v)) {
      const items = v.map(clean).filter((x): x is Json => x !== undefined);
      return items.length ? items : undefined;
    }
    if (typeof v === 'object') {
      const entries = Object.entries(v)
        .map(([k, x]) => [k, clean(x)] as const)
        .filter((e): e is readonly [string, Json] => e[1] !== undefined);
      return entries.length ? Object.fromEntries(entries) : undefined;
    }
    return v;
  };
  return (clean(value as Json) ?? {}) as T;
}
