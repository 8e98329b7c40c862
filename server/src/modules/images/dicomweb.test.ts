import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { personName, toJson } from './dicomweb-json';
import { acceptsJpeg, acceptsJson, dicomAnswer, frameAnswer, multipartRelated, parseAccept } from './dicomweb-media';

const JPEG = '1.2.840.10008.1.2.4.50';
const LOSSLESS = '1.2.840.10008.1.2.4.70';
const JLS = '1.2.840.10008.1.2.4.80';
const EXPLICIT = '1.2.840.10008.1.2.1';
const IMPLICIT = '1.2.840.10008.1.2';

describe('Accept headers for DICOMweb', () => {
  it('parses ranges with quoted parameters and drops q=0', () => {
    expect(parseAccept('multipart/related; type="application/dicom"; transfer-syntax=*, application/json;q=0')).toEqual(
      [{ type: 'multipart/related', params: { type: 'application/dicom', 'transfer-syntax': '*' } }],
    );
    expect(parseAccept(undefined)).toEqual([]);
  });

  it('retrieve: explicit little endian unless * or the stored syntax is asked; as stored for a wildcard', () => {
    const ts = (h: string, stored = EXPLICIT) => dicomAnswer(parseAccept(h), stored)?.syntax ?? null;
    expect(ts('')).toBe(EXPLICIT);
    expect(ts('', LOSSLESS)).toBe(LOSSLESS);
    expect(ts('*/*', LOSSLESS)).toBe(LOSSLESS);
    // no transfer-syntax: explicit VR little endian (PS3.18 8.7.3.5.2), a compressed instance transcoded
    expect(ts('multipart/related; type="application/dicom"', LOSSLESS)).toBe(EXPLICIT);
    expect(ts('multipart/related; type="application/dicom"; transfer-syntax=*', LOSSLESS)).toBe(LOSSLESS);
    expect(ts(`multipart/related; type=application/dicom; transfer-syntax=${LOSSLESS}`, LOSSLESS)).toBe(LOSSLESS);
    expect(ts(`multipart/related; type=application/dicom; transfer-syntax=${EXPLICIT}`, LOSSLESS)).toBe(EXPLICIT);
    // implicit VR is not a web syntax: answered explicit unless named
    expect(ts('multipart/related; type="application/dicom"; transfer-syntax=*', IMPLICIT)).toBe(EXPLICIT);
    expect(ts(`multipart/related; type=application/dicom; transfer-syntax=${IMPLICIT}`, IMPLICIT)).toBe(IMPLICIT);
    // no transcode into a compressed syntax; other media types
    expect(ts(`multipart/related; type=application/dicom; transfer-syntax=${JPEG}`)).toBeNull();
    expect(ts('multipart/related; type=application/dicom+xml')).toBeNull();
    expect(ts('application/pdf')).toBeNull();
    expect(acceptsJson(parseAccept('application/dicom+json'))).toBe(true);
    expect(acceptsJson(parseAccept('text/html'))).toBe(false);
    expect(acceptsJpeg(parseAccept('image/png, image/jpeg'))).toBe(true);
    expect(acceptsJpeg(parseAccept('image/png'))).toBe(false);
  });

  it('frames: octet-stream is explicit little endian (decoded) unless * or the stored syntax; image types as stored', () => {
    const ft = (h: string, stored: string) => frameAnswer(parseAccept(h), stored)?.type ?? null;
    const octet = (ts: string) => `application/octet-stream; transfer-syntax=${ts}`;
    expect(ft('', IMPLICIT)).toBe(octet(EXPLICIT));
    expect(ft('', JPEG)).toBe(`image/jpeg; transfer-syntax=${JPEG}`);
    expect(ft('', LOSSLESS)).toBe(`image/jpeg; transfer-syntax=${LOSSLESS}`);
    // OHIF's Accept: the stored bytes, labelled
    const ohif = 'multipart/related; type=application/octet-stream; transfer-syntax=*';
    expect(ft(ohif, LOSSLESS)).toBe(octet(LOSSLESS));
    expect(ft(ohif, EXPLICIT)).toBe(octet(EXPLICIT));
    expect(ft('multipart/related; type=application/octet-stream', LOSSLESS)).toBe(octet(EXPLICIT));
    expect(ft(`multipart/related; type=application/octet-stream; transfer-syntax=${EXPLICIT}`, JLS)).toBe(
      octet(EXPLICIT),
    );
    expect(ft(`multipart/related; type=application/octet-stream; transfer-syntax=${JLS}`, JLS)).toBe(octet(JLS));
    expect(ft('multipart/related; type="image/jls"', JLS)).toBe(`image/jls; transfer-syntax=${JLS}`);
    expect(ft('multipart/related; type="image/jpeg"', JLS)).toBeNull();
    expect(ft('multipart/related; type="image/jpeg"', EXPLICIT)).toBeNull();
    expect(ft(`multipart/related; type=application/octet-stream; transfer-syntax=${JLS}`, LOSSLESS)).toBeNull();
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
