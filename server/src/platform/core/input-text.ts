/**
 * What client input may hold, judged once for every string and every object key: PostgreSQL text and
 * jsonb cannot store U+0000, and a lone UTF-16 surrogate is not text at all (jsonb refuses it; text columns
 * would store a replacement character, silently changing what the user sent). Client JSON is also bounded in
 * depth, and both checks are iterative: no recursion on data a client controls.
 */
export const MAX_JSON_DEPTH = 32;

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isBadText = (s: string): boolean => BAD_TEXT.test(s);

/** The deepest nesting of arrays and objects in JSON text, counted without parsing; stops past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return max;
}

/** True when any string or key anywhere in a parsed value is bad text (walked with an explicit stack). */
export function holdsBadText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (isBadText(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (isBadText(k)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * Decodes application/x-www-form-urlencoded text (a query string or a form body) strictly: a percent
 * sequence that is not valid UTF-8 (an encoded lone surrogate, say) is an error, not a replacement character.
 * Returns null for such input.
 */
export function decodeFormStrict(text: string): [string, string][] | null {
  const pairs: [string, string][] = [];
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const [k, v] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
    try {
      pairs.push([decodeURIComponent(k.replace(/\+/g, ' ')), decodeURIComponent(v.replace(/\+/g, ' '))]);
    } catch {
      return null;
    }
  }
  return pairs;
}
