/** Transfer syntaxes whose frames are decoded here, and by what. */
export const DECODERS = {
  '1.2.840.10008.1.2.4.50': 'jpeg', // baseline: sharp (libjpeg-turbo)
  '1.2.840.10008.1.2.4.51': 'jpeg', // extended: sharp when 8-bit, else the viewer's JS decoder (12-bit)
  '1.2.840.10008.1.2.4.57': 'lossless',
  '1.2.840.10008.1.2.4.70': 'lossless',
  '1.2.840.10008.1.2.4.80': 'jpegls',
  '1.2.840.10008.1.2.4.81': 'jpegls',
  '1.2.840.10008.1.2.4.90': 'j2k',
  '1.2.840.10008.1.2.4.91': 'j2k',
  '1.2.840.10008.1.2.5': 'rle',
} as const satisfies Record<string, string>;

export const isDecodable = (syntax: string): syntax is keyof typeof DECODERS => syntax in DECODERS;
