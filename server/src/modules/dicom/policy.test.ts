import { describe, expect, it } from 'vitest';
import { IMPLICIT_LE, chooseSyntax, MWL_FIND, VERIFICATION } from './syntaxes';
import { addressMatches, normaliseAddress } from './policy';
import { part10Header } from '../images/part10-header';
import { parseInstance } from '../images/parse';

describe('association policy', () => {
  it('normalises peer addresses: IPv4-mapped IPv6, case, zone ids, spaces', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress(' ::FFFF:10.0.0.5 ')).toBe('10.0.0.5');
    expect(normaliseAddress('FE80::1%eth0')).toBe('fe80::1');
    expect(normaliseAddress('192.168.10.21')).toBe('192.168.10.21');
    expect(normaliseAddress(undefined)).toBe('');
  });

  it('matches a registered IP or a host name resolving to the peer; an empty address matches nobody', async () => {
    expect(await addressMatches('127.0.0.1', '::ffff:127.0.0.1')).toBe(true);
    expect(await addressMatches('127.0.0.2', '127.0.0.1')).toBe(false);
    expect(await addressMatches('localhost', '127.0.0.1')).toBe(true);
    expect(await addressMatches('no-such-host.invalid', '127.0.0.1')).toBe(false);
    expect(await addressMatches('', '')).toBe(false);
  });
});

describe('presentation contexts', () => {
  it('takes the storage classes in the syntaxes stored as received, the first the caller proposes', () => {
    const ct = '1.2.840.10008.5.1.4.1.1.2';
    expect(chooseSyntax(ct, ['1.2.840.10008.1.2.4.50', '1.2.840.10008.1.2.1'])).toBe('1.2.840.10008.1.2.4.50');
    for (const ts of ['.4.51', '.4.57', '.4.70', '.4.80', '.4.81', '.4.90', '.4.91', '.5'])
      expect(chooseSyntax('1.2.840.10008.5.1.4.1.1.4.1', [`1.2.840.10008.1.2${ts}`])).toBe(`1.2.840.10008.1.2${ts}`);
    expect(chooseSyntax(ct, ['1.2.840.10008.1.2.2', '1.2.840.10008.1.2'])).toBe(IMPLICIT_LE); // big endian refused
    expect(chooseSyntax(ct, ['1.2.840.10008.1.2.1.99'])).toBe('syntax'); // deflate
  });

  it('verification, the worklist and Q/R in little endian only; other query models refused', () => {
    expect(chooseSyntax(VERIFICATION, [IMPLICIT_LE])).toBe(IMPLICIT_LE);
    expect(chooseSyntax(MWL_FIND, ['1.2.840.10008.1.2.4.50'])).toBe('syntax');
    expect(chooseSyntax('1.2.840.10008.5.1.4.1.2.2.1', [IMPLICIT_LE])).toBe(IMPLICIT_LE); // study root C-FIND
    expect(chooseSyntax('1.2.840.10008.5.1.4.1.2.2.2', [IMPLICIT_LE])).toBe(IMPLICIT_LE); // C-MOVE
    expect(chooseSyntax('1.2.840.10008.5.1.4.1.2.3.1', [IMPLICIT_LE])).toBe('abstract'); // patient/study only
  });
});

describe('Part 10 header', () => {
  it('makes a received implicit data set a file the archive parses', () => {
    const el = (g: number, e: number, v: string) => {
      const b = Buffer.from(v.length % 2 ? `${v}\0` : v, 'latin1');
      const h = Buffer.alloc(8);
      h.writeUInt16LE(g, 0);
      h.writeUInt16LE(e, 2);
      h.writeUInt32LE(b.length, 4);
      return Buffer.concat([h, b]);
    };
    const data = Buffer.concat([
      el(8, 0x16, '1.2.840.10008.5.1.4.1.1.7'),
      el(8, 0x18, '1.2.3.4.5.6'),
      el(8, 0x60, 'OT'),
      el(0x10, 0x20, 'P1'),
      el(0x20, 0x0d, '1.2.3.4'),
      el(0x20, 0x0e, '1.2.3.4.5'),
    ]);
    const head = part10Header({
      sopClass: '1.2.840.10008.5.1.4.1.1.7',
      sopInstance: '1.2.3.4.5.6',
      transferSyntax: IMPLICIT_LE,
      sourceAet: 'CT1',
    });
    const meta = parseInstance(Buffer.concat([head, data]));
    expect(meta).toMatchObject({ sop_iuid: '1.2.3.4.5.6', study_iuid: '1.2.3.4', transfer_syntax: IMPLICIT_LE });
  });
});
