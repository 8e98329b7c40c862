export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment` with an ASCII name for old clients and the UTF-8 name (RFC 6266 / 5987) for the rest. */
export function attachment(name: string, asciiFallback: string, ext = 'xlsx'): string {
  const ascii = asciiFallback.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'export';
  const encoded = encodeURIComponent(`${name}.${ext}`).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}.${ext}"; filename*=UTF-8''${encoded}`;
}
