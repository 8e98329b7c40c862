import { MODALITIES } from '@shared/constants';

export type Modality = (typeof MODALITIES)[number];

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Lenient readers of filter values kept in the URL: anything unexpected reads as "not set". */
export const readText = (q: URLSearchParams, key: string) => (q.get(key) ?? '').trim().slice(0, 64);

export const readList = (q: URLSearchParams, key: string) => (q.get(key) ?? '').split(',').filter(Boolean);

export const readDate = (q: URLSearchParams, key: string) => {
  const v = q.get(key);
  return v && DATE_RE.test(v) ? v : '';
};

export const readModalities = (q: URLSearchParams) =>
  readList(q, 'modalitys').filter((m): m is Modality => (MODALITIES as readonly string[]).includes(m));

export const readPage = (q: URLSearchParams) => {
  const n = Number(q.get('pageNumber'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** Sets each non-empty value (lists comma-joined). */
export function writeParams(values: Record<string, string | number | readonly (string | number)[]>): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    const s = Array.isArray(v) ? v.join(',') : String(v);
    if (s) q.set(k, s);
  }
  return q;
}
