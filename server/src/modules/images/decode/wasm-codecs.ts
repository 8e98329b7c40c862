import { createRequire } from 'node:module';

/**
 * The web viewer's emscripten codecs (CharLS for JPEG-LS, OpenJPEG for JPEG 2000), run in Node. Each is
 * compiled and instantiated once, at its first use (never at start-up: a server that never meets the
 * syntax never pays for it), and its one decoder is reused; decodes run one at a time (JS is single
 * threaded and a decode is synchronous), so the decoder's buffers are never shared by two requests.
 */
const require = createRequire(import.meta.url);

interface FrameInfo {
  width: number;
  height: number;
  bitsPerSample: number;
  componentCount: number;
  isSigned?: boolean;
}
interface WasmDecoder {
  getEncodedBuffer(length: number): Uint8Array;
  decode(): void;
  getFrameInfo(): FrameInfo;
  getDecodedBuffer(): Uint8Array;
  /** CharLS only: 0 none (planes one after another), 1 line, 2 sample. */
  getInterleaveMode?(): number;
}
interface CharlsModule {
  JpegLSDecoder: new () => WasmDecoder;
  getExceptionMessage?(e: number): string;
}
interface OpenJpegModule {
  J2KDecoder: new () => WasmDecoder;
}
type Factory<M> = (arg?: object) => Promise<M>;

export interface WasmDecoded {
  info: FrameInfo;
  /** A copy, outside the wasm heap. */
  data: Buffer;
  /** The samples come plane by plane (JPEG-LS interleave mode none). */
  planar: boolean;
}

const quiet = () => {};
let charls: Promise<WasmDecoder> | undefined;
let openjpeg: Promise<WasmDecoder> | undefined;

function load<M>(id: string, make: (m: M) => WasmDecoder, forget: () => void): Promise<WasmDecoder> {
  const factory = require(id) as Factory<M>;
  // OpenJPEG reports every header it reads on stdout; a failed decode throws, so its messages are not needed
  return factory({ print: quiet, printErr: quiet })
    .then(make)
    .catch((err: unknown) => {
      forget(); // a failed load is tried again next time rather than remembered
      throw err;
    });
}

function run(decoder: WasmDecoder, frame: Buffer): WasmDecoded {
  decoder.getEncodedBuffer(frame.length).set(frame);
  decoder.decode();
  const info = decoder.getFrameInfo();
  const planar = info.componentCount > 1 && decoder.getInterleaveMode?.() === 0;
  return { info, data: Buffer.from(decoder.getDecodedBuffer()), planar };
}

/** A JPEG-LS frame (lossless or near-lossless). */
export async function decodeJpegLs(frame: Buffer): Promise<WasmDecoded> {
  charls ??= load<CharlsModule>(
    '@cornerstonejs/codec-charls/decodewasmjs',
    (m) => new m.JpegLSDecoder(),
    () => (charls = undefined),
  );
  return run(await charls, frame);
}

/** A JPEG 2000 code stream (reversible or irreversible; a colour transform is undone by the decoder). */
export async function decodeJ2k(frame: Buffer): Promise<WasmDecoded> {
  openjpeg ??= load<OpenJpegModule>(
    '@cornerstonejs/codec-openjpeg/decodewasmjs',
    (m) => new m.J2KDecoder(),
    () => (openjpeg = undefined),
  );
  return run(await openjpeg, frame);
}

/** Whether a codec has been loaded (tests: nothing is loaded before its first use). */
export function loadedCodecs(): string[] {
  return [...(charls ? ['charls'] : []), ...(openjpeg ? ['openjpeg'] : [])];
}
