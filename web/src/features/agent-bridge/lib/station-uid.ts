/**
 * OpenImageStation's study_iuid carries a time suffix so every click is a new address (the browser would
 * otherwise reuse the open tab): `1.2.840.1_1700000000000`, or a separate `t` parameter. The UID is the
 * leading digits-and-dots part; null when there is none or it is longer than a DICOM UID may be.
 */
export function parseStationUid(raw: string): string | null {
  const m = /^[0-9]+(?:\.[0-9]+)*/.exec(raw.trim());
  if (!m || m[0].length > 64) return null;
  const rest = raw.trim().slice(m[0].length);
  // A suffix starts with a separator; "1.2.3abc" is not a UID with a suffix but a bad value.
  if (rest && !/^[_\-&;,|#]/.test(rest)) return null;
  return m[0];
}
