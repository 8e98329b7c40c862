import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pixelDicom, words, type PixelSpec } from './pixel-dicom';

/**
 * Compressed test instances made from a native one by the real encoders: dcmtk's dcmcjpeg (JPEG lossless
 * process 14 and 14 SV1, 12-bit extended), dcmcjpls (JPEG-LS), dcmcrle (RLE), and OpenJPEG's opj_compress
 * (JPEG 2000; dcmtk has no encoder for it in Debian) whose code stream is wrapped with pixelDicom.
 * Missing tools throw (a test must fail, not skip).
 */
export const TOOLS = ['dcmcjpeg', 'dcmcjpls', 'dcmcrle', 'opj_compress'] as const;

export function requireTools() {
  for (const tool of TOOLS) {
    const probe = tool === 'opj_compress' ? ['-h'] : ['--version'];
    if (spawnSync(tool, probe).error) {
      const pkg = tool === 'opj_compress' ? 'libopenjp2-tools' : 'dcmtk';
      throw new Error(`${tool} is missing: apt-get install ${pkg}`);
    }
  }
}

const ids = (n: number) => ({
  study: '1.2.826.0.1.3680043.8.498.77',
  series: '1.2.826.0.1.3680043.8.498.77.1',
  sop: `1.2.826.0.1.3680043.8.498.77.1.${n}`,
});

export interface Source {
  name: string;
  spec: Omit<PixelSpec, 'study' | 'series' | 'sop'>;
  /** Raw samples for opj_compress: little-endian words or bytes, interleaved. */
  raw: Buffer;
  /** opj_compress -F: width,height,components,bits,u|s */
  rawFormat: string;
}

const N = 96;
/** A smooth ramp with a bright disc and a dark bar: any decoding or windowing slip shows in the means. */
function phantom(lo: number, hi: number): number[] {
  return Array.from({ length: N * N }, (_, i) => {
    const x = i % N;
    const y = Math.floor(i / N);
    if ((x - 60) ** 2 + (y - 40) ** 2 < 15 ** 2) return hi;
    if (y > 70 && y < 80) return lo;
    return Math.round(lo + ((hi - lo) * (x + y)) / (4 * N));
  });
}

export const SOURCES: Source[] = (() => {
  // CT as most scanners send it: 12 bits stored unsigned, rescale intercept -1024, a soft-tissue window
  const ct12 = phantom(0, 3000);
  // CT stored signed in 16 bits (values -1024..3071 HU), a bone window
  const ct16 = phantom(-1024, 3071);
  const mr8 = phantom(10, 250);
  const rgb = mr8.flatMap((v, i) => [v, Math.round(((i % N) * 255) / N), 255 - v]);
  return [
    {
      name: 'CT 12-bit unsigned',
      spec: {
        rows: N,
        cols: N,
        pixels: words(ct12),
        bitsStored: 12,
        highBit: 11,
        intercept: '-1024',
        center: '40',
        width: '400',
      },
      raw: words(ct12),
      rawFormat: `${N},${N},1,12,u`,
    },
    {
      // the same without a modality LUT: dcmtk's lossy path (dcmcjpeg +ee) rewrites the pixels of one that has
      name: 'CT 12-bit, no rescale',
      spec: { rows: N, cols: N, pixels: words(ct12), bitsStored: 12, highBit: 11, center: '1064', width: '400' },
      raw: words(ct12),
      rawFormat: `${N},${N},1,12,u`,
    },
    {
      name: 'CT 16-bit signed',
      spec: { rows: N, cols: N, pixels: words(ct16), signed: true, center: '300', width: '1500' },
      raw: words(ct16),
      rawFormat: `${N},${N},1,16,s`,
    },
    {
      name: '8-bit grey',
      spec: { rows: N, cols: N, bitsAllocated: 8, pixels: Buffer.from(mr8), modality: 'MR' },
      raw: Buffer.from(mr8),
      rawFormat: `${N},${N},1,8,u`,
    },
    {
      name: '8-bit RGB',
      spec: {
        rows: N,
        cols: N,
        bitsAllocated: 8,
        samples: 3,
        photometric: 'RGB',
        pixels: Buffer.from(rgb),
        modality: 'OT',
      },
      raw: Buffer.from(rgb),
      rawFormat: `${N},${N},3,8,u`,
    },
  ];
})();

export interface Encoding {
  syntax: string;
  lossy: boolean;
  /** Which sources the encoder takes. */
  takes: (s: Source) => boolean;
  encode: (dir: string, native: string, s: Source, n: number) => Buffer;
}

const run = (tool: string, args: string[]) => execFileSync(tool, args, { stdio: 'pipe' });
const dcmtk =
  (tool: string, ...opts: string[]) =>
  (dir: string, native: string) => {
    const out = join(dir, `${tool}${opts.join('')}.dcm`);
    run(tool, [...opts, native, out]);
    return readFileSync(out);
  };

/** A JPEG 2000 code stream by opj_compress from the source's raw samples, wrapped as the source is. */
const openjpeg = (syntax: string, lossy: boolean) => (dir: string, _native: string, s: Source, n: number) => {
  const raw = join(dir, `j2k-${n}.rawl`);
  const out = join(dir, `j2k-${n}-${lossy ? 'lossy' : 'lossless'}.j2k`);
  // raw input is planar (component after component) for opj_compress
  const samples = s.spec.samples ?? 1;
  const planes = samples === 1 ? s.raw : planarOf(s.raw, samples);
  writeFileSync(raw, planes);
  run('opj_compress', ['-i', raw, '-o', out, '-F', s.rawFormat, ...(lossy ? ['-I', '-r', '8'] : [])]);
  const photometric = samples === 3 ? (lossy ? 'YBR_ICT' : 'YBR_RCT') : s.spec.photometric;
  return pixelDicom({ ...ids(n), ...s.spec, pixels: undefined, photometric, syntax, jpegFrames: [readFileSync(out)] });
};

function planarOf(px: Buffer, samples: number): Buffer {
  const n = px.length / samples;
  const out = Buffer.alloc(px.length);
  for (let i = 0; i < n; i++) for (let c = 0; c < samples; c++) out[c * n + i] = px[i * samples + c]!;
  return out;
}

/** dcmcjpls refuses signed pixels for near-lossless. */
const unsigned = (s: Source) => !s.spec.signed;
/** 12-bit extended JPEG: grey of at most 12 bits, and no modality LUT (see 'CT 12-bit, no rescale'). */
const grey12 = (s: Source) =>
  (s.spec.samples ?? 1) === 1 && (s.spec.bitsStored ?? s.spec.bitsAllocated ?? 16) <= 12 && !s.spec.intercept;
export const ENCODINGS: Encoding[] = [
  { syntax: '1.2.840.10008.1.2.4.57', lossy: false, takes: () => true, encode: dcmtk('dcmcjpeg', '+el') },
  { syntax: '1.2.840.10008.1.2.4.70', lossy: false, takes: () => true, encode: dcmtk('dcmcjpeg', '+e1') },
  {
    syntax: '1.2.840.10008.1.2.4.51',
    lossy: true,
    takes: grey12,
    encode: dcmtk('dcmcjpeg', '+ee', '+sr', '+q', '100'),
  },
  { syntax: '1.2.840.10008.1.2.4.80', lossy: false, takes: () => true, encode: dcmtk('dcmcjpls', '+el') },
  { syntax: '1.2.840.10008.1.2.4.81', lossy: true, takes: unsigned, encode: dcmtk('dcmcjpls', '+en') },
  {
    syntax: '1.2.840.10008.1.2.4.90',
    lossy: false,
    takes: () => true,
    encode: openjpeg('1.2.840.10008.1.2.4.90', false),
  },
  {
    syntax: '1.2.840.10008.1.2.4.91',
    lossy: true,
    takes: () => true,
    encode: openjpeg('1.2.840.10008.1.2.4.91', true),
  },
  { syntax: '1.2.840.10008.1.2.5', lossy: false, takes: () => true, encode: dcmtk('dcmcrle') },
];

export interface Sample {
  source: Source;
  native: Buffer;
  encoding: Encoding;
  compressed: Buffer;
}

/** Every source in every encoding that takes it. */
export function makeSamples(): Sample[] {
  requireTools();
  const dir = mkdtempSync(join(tmpdir(), 'codec-samples-'));
  try {
    const out: Sample[] = [];
    SOURCES.forEach((source, i) => {
      const native = pixelDicom({ ...ids(i), ...source.spec });
      const path = join(dir, `native-${i}.dcm`);
      writeFileSync(path, native);
      ENCODINGS.forEach((encoding, k) => {
        if (!encoding.takes(source)) return;
        const compressed = encoding.encode(dir, path, source, i * 100 + k);
        out.push({ source, native, encoding, compressed });
      });
    });
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A native instance run through a dcmtk encoder (dcmcjpeg, dcmcjpls, dcmcrle) with its options. */
export function dcmtkEncode(native: Buffer, tool: string, ...opts: string[]): Buffer {
  requireTools();
  const dir = mkdtempSync(join(tmpdir(), 'codec-sample-'));
  try {
    const path = join(dir, 'native.dcm');
    writeFileSync(path, native);
    return dcmtk(tool, ...opts)(dir, path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The image compressed with dcmcjpeg as JPEG lossless SV1 (what most CT scanners send): for the API tests. */
export const jpegLosslessOf = (spec: PixelSpec) => dcmtkEncode(pixelDicom(spec), 'dcmcjpeg', '+e1');
