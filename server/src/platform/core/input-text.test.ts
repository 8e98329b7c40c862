import { describe, expect, it } from 'vitest';
import { decodeFormStrict, holdsBadText, isBadText, jsonDepth, MAX_JSON_DEPTH } from './input-text';

describe('input text rule', () => {
  it('refuses NUL and lone surrogates, accepts paired surrogates and ordinary text', () => {
    expect(isBadText('a\u0000b')).toBe(true);
    expect(isBadText('\uD800')).toBe(true);
    expect(isBadText('x\uDC00y')).toBe(true);
    expect(isBadText('\uDC00\uD800')).toBe(true);
    expect(isBadText('张三 😀 \uD83D\uDE00')).toBe(false);
    expect(isBadText('')).toBe(false);
  });

  it('finds bad text in nested values and in object keys, without recursion', () => {
    expect(holdsBadText({ a: [{ b: 'ok' }, 'fine'] })).toBe(false);
    expect(holdsBadText({ a: [{ b: 'o\u0000k' }] })).toBe(true);
    expect(holdsBadText({ values: { ['k\u0000']: 1 } })).toBe(true);
    expect(holdsBadText([['\uD83D']])).toBe(true);
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(holdsBadText(deep)).toBe(true);
  });

  it('measures JSON depth outside strings and stops past the limit', () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{\\"]]"}')).toBe(1);
    expect(jsonDepth('"plain"')).toBe(0);
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(jsonDepth(deep)).toBe(MAX_JSON_DEPTH + 1);
    const atLimit = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(jsonDepth(atLimit)).toBe(MAX_JSON_DEPTH);
  });

  it('decodes form text strictly: invalid UTF-8 percent sequences are refused, not replaced', () => {
    expect(decodeFormStrict('a=1&b=%E5%BC%A0+%E4%B8%89&c')).toEqual([
      ['a', '1'],
      ['b', '张 三'],
      ['c', ''],
    ]);
    expect(decodeFormStrict('name=%ED%A0%80')).toBeNull(); // an encoded lone surrogate
    expect(decodeFormStrict('name=%FF')).toBeNull();
    expect(decodeFormStrict('%E5%BC=1')).toBeNull();
  });
});
