/** Study date as YYYY-MM-DD from the server's ISO time (in the browser's time zone, as the worklist shows it). */
export function studyDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The zoom factor as the overlay shows it: 1.25x. */
export const zoomText = (zoom: number) => `${(Math.round(zoom * 100) / 100).toFixed(2)}x`;

/** Sex and age on one line, either may be missing: "男 / 45Y". */
export const sexAge = (sex: string, age: string) => [sex, age].filter(Boolean).join(' / ');
