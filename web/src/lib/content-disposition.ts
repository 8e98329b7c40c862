/** The file name of a content-disposition header: the UTF-8 `filename*` first, then `filename`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition ?? '');
  let name = plain?.[1] ?? plain?.[2]?.trim() ?? '';
  if (star) {
    try {
      name = decodeURIComponent(star.trim());
    } catch {
      // a malformed encoding: keep the plain name
    }
  }
  // Only a base name: never a path.
  name = name.split(/[\\/]/).pop()?.trim() ?? '';
  return name || fallback;
}
