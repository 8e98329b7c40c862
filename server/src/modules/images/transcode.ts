import { decodeFrame } from './decode/codecs';
import { explicitElements, explicitHeader } from './dataset-writer';
import { DataSetError, PIXEL_DATA, readDataSet, text, type DataSet, type Element } from './dicom-dataset';
import { part10Header } from './part10-header';
import { attributesOf, frameBytes, RenderRefused, syntaxName, type Image } from './render-frames';

/** What every DICOMweb client takes (PS3.18 8.7.3): the syntax a transcode answers in. */
export const EXPLICIT_LE = '1.2.840.10008.1.2.1';
export const IMPLICIT_LE = '1.2.840.10008.1.2';
export const isNative = (syntax: string) => syntax === EXPLICIT_LE || syntax === IMPLICIT_LE;

const T = { photometric: 0x00280004, planar: 0x00280006, sopClass: 0x00080016, sopInstance: 0x00080018 } as const;

/** A compressed frame decoded to native pixels (refused, 406, when the decoder fails or answers short). */
export async function decodeStored(ds: DataSet, stated: Image, frame: Buffer): Promise<{ img: Image; data: Buffer }> {
  const syntax = ds.transferSyntax;
  let result: { img: Image; data: Buffer };
  try {
    result = await decodeFrame(syntax, frame, stated);
  } catch {
    throw new RenderRefused('imgRenderPixels', { what: `${syntaxName(syntax)}: the frame cannot be decoded` });
  }
  if (result.data.length < frameSize(result.img)) {
    throw new RenderRefused('imgRenderPixels', { what: `${syntaxName(syntax)}: the frame decodes short` });
  }
  return result;
}

const frameSize = (img: Image) => (img.rows * img.cols * img.samples * img.bitsAllocated) / 8;

/**
 * Frame n as explicit VR little endian would carry it: native frames as stored, compressed ones decoded into
 * the stated geometry and sample size, colour interleaved. The photometric interpretation is the decoder's
 * (a JPEG's YBR comes back as RGB), and is what a transcoded Part 10 file states.
 */
export async function nativeFrame(ds: DataSet, stated: Image, n: number): Promise<{ img: Image; data: Buffer }> {
  const frame = frameBytes(ds, stated, n);
  if (frame.kind === 'native') return { img: stated, data: frame.data };
  const { img, data } = await decodeStored(ds, stated, frame.data);
  if (
    img.rows !== stated.rows ||
    img.cols !== stated.cols ||
    img.samples !== stated.samples ||
    img.bitsAllocated !== stated.bitsAllocated
  ) {
    throw new RenderRefused('imgRenderPixels', {
      what: `${syntaxName(ds.transferSyntax)}: the frame decodes to ${img.cols} x ${img.rows} x ${img.samples} x ${img.bitsAllocated} bit`,
    });
  }
  const out = data.subarray(0, frameSize(img));
  return img.planar ? { img: { ...img, planar: false }, data: interleave(out, img) } : { img, data: out };
}

function interleave(planes: Buffer, img: Image): Buffer {
  const n = img.rows * img.cols;
  const bytes = img.bitsAllocated / 8;
  const out = Buffer.allocUnsafe(planes.length);
  for (let i = 0; i < n; i++)
    for (let s = 0; s < img.samples; s++)
      planes.copy(out, (i * img.samples + s) * bytes, (s * n + i) * bytes, (s * n + i + 1) * bytes);
  return out;
}

const even = (b: Buffer, pad: number) => (b.length % 2 ? Buffer.concat([b, Buffer.from([pad])]) : b);

function patched(e: Element, img: Image): Element {
  if (e.tag === T.photometric) return { ...e, value: even(Buffer.from(img.photometric, 'latin1'), 0x20) };
  if (e.tag === T.planar) return { ...e, value: Buffer.from([0, 0]) };
  return e;
}

/**
 * The stored instance as a Part 10 file in explicit VR little endian, produced piece by piece: the attributes
 * as stored (implicit VR given their dictionary VR), a compressed pixel data decoded one frame at a time, so
 * what is held is the stored instance and one frame. The photometric interpretation and planar configuration
 * follow the decoded pixels. The first frame is decoded before anything is produced: a frame that does not
 * decode is refused here (RenderRefused), not halfway through an answer.
 */
export async function explicitPart10(ds: DataSet): Promise<AsyncIterable<Buffer>> {
  const el = ds.elements;
  const header = part10Header({
    sopClass: text(el.get(T.sopClass)?.value),
    sopInstance: text(el.get(T.sopInstance)?.value),
    transferSyntax: EXPLICIT_LE,
    sourceAet: '',
  });
  const pixels = el.get(PIXEL_DATA);
  if (!pixels?.fragments) {
    return (async function* () {
      yield header;
      yield* explicitElements(el.values());
    })();
  }
  const stated = attributesOf(ds);
  const first = await nativeFrame(ds, stated, 1);
  return (async function* () {
    const all = [...el.values()];
    const at = all.indexOf(pixels);
    yield header;
    yield* explicitElements(all.slice(0, at).map((e) => patched(e, first.img)));
    const total = first.data.length * stated.frames;
    yield explicitHeader(PIXEL_DATA, stated.bitsAllocated > 8 ? 'OW' : 'OB', total + (total % 2));
    yield first.data;
    for (let n = 2; n <= stated.frames; n++) yield (await nativeFrame(ds, stated, n)).data;
    if (total % 2) yield Buffer.from([0]);
    yield* explicitElements(all.slice(at + 1));
  })();
}

/** A stored instance that cannot be re-encoded (unreadable, or a frame that does not decode). */
export class NotTranscodable extends Error {}

/** A stored Part 10 file (any syntax the archive keeps) as a Part 10 file in explicit VR little endian. */
export async function explicitLittleEndian(part10: Buffer): Promise<AsyncIterable<Buffer>> {
  try {
    return await explicitPart10(readDataSet(part10));
  } catch (err) {
    if (err instanceof DataSetError || err instanceof RenderRefused) throw new NotTranscodable(err.message);
    throw err;
  }
}
