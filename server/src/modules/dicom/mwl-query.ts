import { nameGroups } from '../images';

/**
 * A modality worklist query (PS3.4 K.6.1.2) read from the naturalized identifier dcmjs hands us, and the
 * matching rules (PS3.4 C.2.2.2): universal (empty or '*'), single value, wildcard ('*' any run, '?' one
 * character), date range ('a-b', '-b', 'a-'). Person names match case-insensitively against the stored
 * display name (CJK components joined without a space, others with one), as the DICOMweb query does.
 */
export interface WorklistQuery {
  patientName?: string;
  patientId?: string;
  accession?: string;
  modality?: string;
  stationAet?: string;
  /** Scheduled start date range, YYYYMMDD, both ends inclusive. */
  dateFrom?: string;
  dateTo?: string;
  /** The top-level keys asked for (their values are returned), and the sequence item's keys. */
  keys: string[];
  /** null: no ScheduledProcedureStepSequence asked; []: asked whole (an empty sequence or item). */
  stepKeys: string[] | null;
}

type Naturalized = Record<string, unknown>;

/** A string value of a naturalized element; a PN is its groups joined by '=' as written. */
export function textOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.length ? textOf(v[0]) : '';
  if (typeof v === 'object') {
    const pn = v as { Alphabetic?: string; Ideographic?: string; Phonetic?: string };
    const groups = [pn.Alphabetic ?? '', pn.Ideographic ?? '', pn.Phonetic ?? ''];
    while (groups.length && !groups.at(-1)) groups.pop();
    return groups.join('=').trim();
  }
  return String(v).replace(/\0+$/, '').trim();
}

const asked = (v: string) => (v && v !== '*' ? v : undefined);
const DATE = /^\d{8}$/;

export class BadWorklistQuery extends Error {}

/** Reads the identifier; a date key that is neither a date nor a range is refused (PS3.4: "unable to process"). */
export function parseWorklistQuery(ds: Naturalized): WorklistQuery {
  const keys = Object.keys(ds).filter((k) => !k.startsWith('_'));
  const seq = ds.ScheduledProcedureStepSequence;
  const item = Array.isArray(seq) && seq.length ? (seq[0] as Naturalized) : undefined;
  const q: WorklistQuery = {
    keys: keys.filter((k) => k !== 'ScheduledProcedureStepSequence' && k !== 'SpecificCharacterSet'),
    stepKeys: keys.includes('ScheduledProcedureStepSequence')
      ? Object.keys(item ?? {}).filter((k) => !k.startsWith('_'))
      : null,
  };
  const set = (k: 'patientName' | 'patientId' | 'accession' | 'modality' | 'stationAet', v: unknown) => {
    const s = asked(textOf(v));
    if (s !== undefined) q[k] = s;
  };
  set('patientName', ds.PatientName);
  set('patientId', ds.PatientID);
  set('accession', ds.AccessionNumber);
  if (item) {
    set('modality', item.Modality);
    set('stationAet', item.ScheduledStationAETitle);
    const date = textOf(item.ScheduledProcedureStepStartDate);
    if (date) {
      const [from, to] = date.includes('-') ? date.split('-').map((d) => d.trim()) : [date, date];
      if ((from && !DATE.test(from)) || (to && !DATE.test(to)) || (!from && !to))
        throw new BadWorklistQuery(`not a date range: ${date}`);
      if (from) q.dateFrom = from;
      if (to) q.dateTo = to;
    }
  }
  return q;
}

/** Whether `value` matches `pattern` with '*' and '?' (the whole value). */
export function wildcardMatch(pattern: string, value: string, caseless = false): boolean {
  const p = caseless ? pattern.toLowerCase() : pattern;
  const v = caseless ? value.toLowerCase() : value;
  const re = new RegExp(
    `^${[...p].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`,
    'su',
  );
  return re.test(v);
}

/** One scheduled procedure as the matcher sees it. */
export interface WorklistItem {
  patientName: string;
  patientId: string;
  accession: string;
  modality: string;
  stationAet: string;
  /** YYYYMMDD */
  date: string;
}

export function matchesWorklist(q: WorklistQuery, it: WorklistItem): boolean {
  if (q.patientName && !nameGroups(q.patientName).some((g) => wildcardMatch(g, it.patientName, true))) return false;
  if (q.patientId && !wildcardMatch(q.patientId, it.patientId)) return false;
  if (q.accession && !wildcardMatch(q.accession, it.accession)) return false;
  if (q.modality && !wildcardMatch(q.modality, it.modality, true)) return false;
  if (q.stationAet && !wildcardMatch(q.stationAet, it.stationAet)) return false;
  if (q.dateFrom && it.date < q.dateFrom) return false;
  if (q.dateTo && it.date > q.dateTo) return false;
  return true;
}
