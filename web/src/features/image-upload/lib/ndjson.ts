import { UploadLineSchema, type UploadLine } from '@shared/schemas/images';

/**
 * Reads the upload's NDJSON answer as it grows (XHR responseText): each call hands the whole text so far
 * and gets back the lines completed since the last call. A line that is not the expected shape is skipped.
 */
export function ndjsonReader() {
  let consumed = 0;
  return (text: string): UploadLine[] => {
    const end = text.lastIndexOf('\n') + 1;
    if (end <= consumed) return [];
    const chunk = text.slice(consumed, end);
    consumed = end;
    const out: UploadLine[] = [];
    for (const raw of chunk.split('\n')) {
      if (!raw.trim()) continue;
      try {
        const parsed = UploadLineSchema.safeParse(JSON.parse(raw));
        if (parsed.success) out.push(parsed.data);
      } catch {
        // not JSON: skipped
      }
    }
    return out;
  };
}
