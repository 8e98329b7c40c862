import { ForwardLineSchema, type ForwardLine } from '@shared/schemas/dicom-forward';

/**
 * Reads the forward's NDJSON answer as its chunks arrive: each call hands the next decoded text chunk and
 * gets back the lines completed by it. A line that is not the expected shape is skipped.
 */
export function forwardLineReader() {
  let rest = '';
  return (chunk: string): ForwardLine[] => {
    rest += chunk;
    const end = rest.lastIndexOf('\n');
    if (end < 0) return [];
    const complete = rest.slice(0, end);
    rest = rest.slice(end + 1);
    const out: ForwardLine[] = [];
    for (const raw of complete.split('\n')) {
      if (!raw.trim()) continue;
      try {
        const parsed = ForwardLineSchema.safeParse(JSON.parse(raw));
        if (parsed.success) out.push(parsed.data);
      } catch {
        // not JSON: skipped
      }
    }
    return out;
  };
}
