import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { personName, toJson } from './dicomweb-json';
import { acceptsDicom, acceptsJpeg, acceptsJson, frameType, multipartRelated, parseAccept } from './dicomweb-media';

const JPEG = '1.2.840.10008.1.2.4.50';

describe('Accept headers for DICOMweb', () => {
  it('parses ranges with quoted parameters and drops q=0', () => {
    expect(parseAccept('multipart/related; type="application/dicom"; transfer-syntax=*, application/json;q=0')).toEqual(
      [{ type: 'multipart/related', params: { type: 'application/dicom', 'transfer-syntax': '*' } }],
    );
    expect(parseAccept(undefined)).toEqual([]);
  });

  it('retrieve: as stored, or 406 when another transfer syntax or media type is wanted', () => {
    const ok = (h: string, ts = ['1.2.840.10008.1.2.1']) => acceptsDicom(parseAccept(h), ts);
    expect(ok('')).toBe(true);
    expect(ok('*/*')).toBe(true);
    expect(ok('multipart/related; type="application/dicom"')).toBe(true);
    expect(ok('multipart/related; type=application/dicom; transfer-syntax=1.2.840.10008.1.2.1')).toBe(true);
    expect(ok(`multipart/related; type=application/dicom; transfer-syntax=${JPEG}`)).toBe(false);
    expect(ok('multipart/related; type=application/dicom+xml')).toBe(false);
    expect(ok('application/pdf')).toBe(false);
    expect(acceptsJson(parseAccept('application/dicom+json'))).toBe(true);
    expect(acceptsJson(parseAccept('text/html'))).toBe(false);
    expect(acceptsJpeg(parseAccept('image/png, image/jpeg'))).toBe(true);
    expect(acceptsJpeg(parseAccept('image/png'))).toBe(false);
  });

  it('frames: native as octet-stream, JPEG as stored; no decompression into octet-stream', () => {
    const ft = (h: string, compressed: boolean) =>
      frameType(parseAccept(h), compressed ? JPEG : '1.2.840.10008.1.2', compressed);
    expect(ft('', false)).toBe('application/octet-stream; transfer-syntax=1.2.840.10008.1.2.1');
    expect(ft('multipart/related; type=application/octet-stream; transfer-syntax=*', true)).toBe(
      `application/octet-stream; transfer-syntax=${JPEG}`,
    );
    expect(ft('multipart/related; type="image/jpeg"', true)).toBe(`image/jpeg; transfer-syntax=${JPEG}`);
    expect(ft('multipart/related; type=application/octet-stream', true)).toBeNull();
    expect(ft('multipart/related; type="image/jpeg"', false)).toBeNull();
  });

  it('multipart/related frames each part with the boundary, streams included', async () => {
    async function* parts() {
      yield { type: 'a/b', body: Buffer.from('one') };
      yield { type: 'c/d', body: Readable.from([Buffer.from('tw'), Buffer.from('o')]), location: 'http://x/2' };
    }
    const m = multipartRelated(parts(), 'a/b');
    const boundary = /boundary=(.+)$/.exec(m.contentType)![1];
    const text = await new Response(m.body).text();
    expect(text).toBe(
      `--${boundary}\r\nContent-Type: a/b\r\n\r\none\r\n--${boundary}\r\nContent-Type: c/d\r\nContent-Location: http://x/2\r\n\r\ntwo\r\n--${boundary}--\r\n`,
    );
  });
});

describe('DICOM JSON model', () => {
  it('writes person names by component group, numbers as numbers, text decoded', () => {
    expect(personName('Zhang^San=张^三')).toEqual({ Alphabetic: 'Zhang^San', Ideographic: '张^三' });
    const el = (tag: number, vr: string, value: Buffer) => ({ tag, vr, value });
    const ds = toJson([
      el(0x00080005, 'CS', Buffer.from('GB18030 ')),
      el(0x00281050, 'DS', Buffer.from('40\\400 ')),
      el(0x00280010, 'US', Buffer.from([0x00, 0x02])),
      el(0x00081030, 'LO', Buffer.from([0xd0, 0xd8, 0xb2, 0xbf])),
      el(0x00091001, 'OB', Buffer.from([1, 2])),
    ]);
    expect(ds).toEqual({
      '00080005': { vr: 'CS', Value: ['ISO_IR 192'] },
      '00081030': { vr: 'LO', Value: ['胸部'] },
      '00091001': { vr: 'OB', InlineBinary: 'AQI=' },
      '00280010': { vr: 'US', Value: [512] },
      '00281050': { vr: 'DS', Value: [40, 400] },
    });
  });
});
