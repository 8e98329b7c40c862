import { imageLoader, metaData, type Types } from '@cornerstonejs/core';
import { buildVolume, type SliceInput, type Volume } from '../lib/mpr';

const cross = (a: number[], b: number[]) => [
  a[1]! * b[2]! - a[2]! * b[1]!,
  a[2]! * b[0]! - a[0]! * b[2]!,
  a[0]! * b[1]! - a[1]! * b[0]!,
];

/**
 * The volume of a stack's images, loaded through Cornerstone (from its cache when the stack has prefetched
 * them); null when they are no volume (other sizes or orientations, uneven spacing, no positions).
 */
export async function loadVolume(imageIds: string[]): Promise<Volume | null> {
  const images = await Promise.all(imageIds.map((id) => imageLoader.loadAndCacheImage(id)));
  const first = images[0];
  if (!first) return null;
  const slices: SliceInput[] = [];
  let spacing: [number, number] | null = null;
  for (const [i, image] of images.entries()) {
    const plane = metaData.get('imagePlaneModule', imageIds[i]!) as Types.ImagePlaneModule | undefined;
    if (!plane?.imagePositionPatient || !plane.rowCosines || !plane.columnCosines) return null;
    if (image.rows !== first.rows || image.columns !== first.columns) return null;
    spacing ??= [plane.rowPixelSpacing ?? 1, plane.columnPixelSpacing ?? 1];
    // The loader may hand over values already rescaled (its pre-scaling).
    const scaled = !!image.preScale?.scaled;
    slices.push({
      position: [...plane.imagePositionPatient],
      normal: cross([...plane.rowCosines], [...plane.columnCosines]),
      pixels: image.getPixelData(),
      slope: scaled ? 1 : image.slope,
      intercept: scaled ? 0 : image.intercept,
    });
  }
  return buildVolume(slices, first.rows, first.columns, spacing ?? [1, 1]);
}
