import { Readable } from 'node:stream';
import { explicitLittleEndian, NotTranscodable } from '../images';
import { ConvertError, explicitToImplicit } from './explicit-to-implicit';
import { dataSetOf, NotPart10 } from './scu-dataset';
import { EXPLICIT_LE, IMPLICIT_LE } from './syntaxes';

const isUncompressed = (syntax: string) => syntax === EXPLICIT_LE || syntax === IMPLICIT_LE;

/**
 * The data set of a stored Part 10 file, in `stored`, for a presentation context that took `target`: streamed
 * as it is when they agree; else re-encoded: explicit VR as implicit, and anything else (implicit VR, a
 * compressed syntax) through the images module's transcoder to explicit VR little endian (then implicit when
 * that is what was taken). Null when it cannot be (not Part 10, a frame that does not decode, a compressed
 * target other than the stored one): the caller counts that instance failed and goes on. A re-encoded
 * instance is held whole (at most 256 MiB, as at ingest) plus, for a compressed one, one decoded frame.
 */
export async function outgoingDataSet(
  file: Readable,
  stored: string,
  target: string,
): Promise<AsyncIterable<Buffer> | null> {
  if (stored === target) return asStored(file);
  if (!isUncompressed(target)) {
    file.destroy();
    return null;
  }
  try {
    if (stored === EXPLICIT_LE) return once(explicitToImplicit(await whole(dataSetOf(file))));
    const explicit = dataSetOf(Readable.from(await explicitLittleEndian(await whole(file))));
    return target === EXPLICIT_LE ? once(await whole(explicit)) : once(explicitToImplicit(await whole(explicit)));
  } catch (err) {
    file.destroy();
    if (err instanceof ConvertError || err instanceof NotPart10 || err instanceof NotTranscodable) return null;
    throw err;
  }
}

async function whole(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(c);
  return Buffer.concat(parts);
}

async function* once(b: Buffer) {
  yield b;
}

/**
 * The stored data set as it is, streamed; its first chunk is read before the C-STORE request goes out, so a
 * file that is not Part 10 fails alone (null). One found broken later leaves a half-sent data set: the
 * caller's C-STORE throws NotPart10 and the association cannot go on.
 */
async function asStored(file: Readable): Promise<AsyncIterable<Buffer> | null> {
  const it = dataSetOf(file)[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await it.next();
  } catch (err) {
    file.destroy();
    if (err instanceof NotPart10) return null;
    throw err;
  }
  return (async function* () {
    if (first.done) return;
    yield first.value;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  })();
}
