import { diffChars } from 'diff';

/** Spec: "minimum match length 3": shorter unchanged runs between two changes count as changed. */
export const MIN_MATCH_LENGTH = 3;
/** Spec: "lookahead 5", read as the context kept around a change when the comparison is compact. */
export const LOOKAHEAD = 5;

export type DiffPart =
  | { kind: 'equal'; text: string }
  | { kind: 'removed'; text: string }
  | { kind: 'added'; text: string }
  | { kind: 'gap'; text: string };

/**
 * Character diff of an earlier text against the current one (jsdiff), then the minimum-match rule:
 * an unchanged run shorter than MIN_MATCH_LENGTH that sits between two changes is folded into them,
 * so a change reads as one block instead of flickering around single shared characters.
 */
export function diffTexts(before: string, after: string): DiffPart[] {
  const raw = diffChars(before, after);
  const parts: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) parts.push({ kind: 'removed', text: removed });
    if (added) parts.push({ kind: 'added', text: added });
    removed = '';
    added = '';
  };
  raw.forEach((c, i) => {
    if (c.removed) removed += c.value;
    else if (c.added) added += c.value;
    else {
      const between = (removed || added) && raw.slice(i + 1).some((n) => n.added || n.removed);
      if (between && c.value.length < MIN_MATCH_LENGTH) {
        removed += c.value;
        added += c.value;
      } else {
        flush();
        parts.push({ kind: 'equal', text: c.value });
      }
    }
  });
  flush();
  return parts;
}

/**
 * The compact comparison: unchanged text more than LOOKAHEAD characters away from any change is
 * replaced by a gap (shown as an ellipsis), so a long report shows its changes with a little context.
 */
export function compactDiff(parts: DiffPart[], context = LOOKAHEAD): DiffPart[] {
  const out: DiffPart[] = [];
  parts.forEach((p, i) => {
    if (p.kind !== 'equal') {
      out.push(p);
      return;
    }
    const chars = [...p.text];
    const changeBefore = i > 0;
    const changeAfter = i < parts.length - 1;
    const head = changeBefore ? context : 0;
    const tail = changeAfter ? context : 0;
    if (chars.length <= head + tail) {
      out.push(p);
      return;
    }
    if (head) out.push({ kind: 'equal', text: chars.slice(0, head).join('') });
    out.push({ kind: 'gap', text: chars.slice(head, chars.length - tail).join('') });
    if (tail) out.push({ kind: 'equal', text: chars.slice(chars.length - tail).join('') });
  });
  return out;
}

/** Whether the two texts differ at all (the comparison says "no difference" otherwise). */
export const hasChanges = (parts: DiffPart[]) => parts.some((p) => p.kind === 'added' || p.kind === 'removed');
