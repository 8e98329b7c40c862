/** An image's pixel geometry and encoding, as its data set describes it. */
export interface Image {
  rows: number;
  cols: number;
  frames: number;
  samples: number;
  photometric: string;
  bitsAllocated: number;
  bitsStored: number;
  highBit: number;
  signed: boolean;
  planar: boolean;
}
