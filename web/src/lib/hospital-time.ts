import { create } from 'zustand';

/**
 * Times as the server shows and prints them: in the hospital's zone (the server's TIME_ZONE, sent with its
 * clock), not the browser's. A workstation set to another zone still shows the same time as the printed
 * report (docs/decisions.md, the time zone rule).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The hospital's zone (IANA name), from the server's clock; undefined until then (the browser's meanwhile). */
export const useZoneStore = create<{ timeZone: string | undefined }>()(() => ({ timeZone: undefined }));
export const setHospitalZone = (timeZone: string) => useZoneStore.setState({ timeZone });

function formatOf(zone: string | undefined, withDate: boolean): Intl.DateTimeFormat {
  const key = `${zone ?? ''}|${withDate}`;
  let f = formats.get(key);
  if (!f) {
    // sv-SE writes ISO order: 2026-11-29 13:05:01
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      ...(withDate ? { year: 'numeric', month: '2-digit', day: '2-digit' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, f);
  }
  return f;
}

/** 'YYYY-MM-DD HH:mm:ss' (or 'HH:mm:ss') of an instant in the hospital's zone; '' for none or an invalid one. */
export function hospitalTime(value: string | number | Date | null | undefined, o: { timeOnly?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return formatOf(useZoneStore.getState().timeZone, !o.timeOnly).format(d);
}

/** The hospital's zone, re-rendering when the first sync brings it. */
export const useHospitalZone = () => useZoneStore((s) => s.timeZone);
