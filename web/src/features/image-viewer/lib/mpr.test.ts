import { describe, expect, it } from 'vitest';
import { buildVolume, planeOf, toRgba, type SliceInput } from './mpr';

/** 4 x 3 pixels, 5 slices at z = 0, -5, ... given out of order; value = 100k + 10r + c, stored +1024. */
function stack(order = [2, 0, 4, 1, 3]): SliceInput[] {
  return order.map((k) => ({
    position: [-10, -10, -5 * k],
    normal: [0, 0, 1],
    pixels: Array.from({ length: 12 }, (_, i) => 100 * k + 10 * Math.floor(i / 4) + (i % 4) + 1024),
    slope: 1,
    intercept: -1024,
  }));
}

describe('MPR on the CPU', () => {
  it('sorts the slices head first and takes the spacing from their positions', () => {
    const v = buildVolume(stack(), 3, 4, [0.5, 0.8])!;
    expect([v.cols, v.rows, v.slices]).toEqual([4, 3, 5]);
    expect(v.spacing).toEqual([0.8, 0.5, 5]);
    // slice 0 is z = 0 (the highest), its pixel (row 2, col 3) = 23
    expect(v.data[2 * 4 + 3]).toBe(23);
    expect(v.data[4 * 12]).toBe(400);
  });

  it('cuts the three planes through a voxel, head at the top', () => {
    const v = buildVolume(stack(), 3, 4, [0.5, 0.8])!;
    const at = { col: 1, row: 2, slice: 3 };
    const axial = planeOf(v, 'axial', at);
    expect([axial.width, axial.height, axial.values[0], axial.values[11]]).toEqual([4, 3, 300, 323]);
    const sagittal = planeOf(v, 'sagittal', at);
    // across: rows (front to back); down: slices; every value in column 1
    expect([sagittal.width, sagittal.height]).toEqual([3, 5]);
    expect(Array.from(sagittal.values.slice(0, 3))).toEqual([1, 11, 21]);
    expect(Array.from(sagittal.values.slice(12))).toEqual([401, 411, 421]);
    expect([sagittal.widthMm, sagittal.heightMm]).toEqual([1.5, 25]);
    const coronal = planeOf(v, 'coronal', at);
    expect([coronal.width, coronal.height]).toEqual([4, 5]);
    expect(Array.from(coronal.values.slice(4, 8))).toEqual([120, 121, 122, 123]);
    expect(coronal.widthMm).toBeCloseTo(3.2);
  });

  it('is no volume with fewer than three slices or uneven spacing', () => {
    expect(buildVolume(stack([0, 1]), 3, 4, [1, 1])).toBeNull();
    const uneven = stack([0, 1, 2]);
    uneven[2]!.position = [-10, -10, -20];
    expect(buildVolume(uneven, 3, 4, [1, 1])).toBeNull();
  });

  it('draws values through the window as grey levels', () => {
    const rgba = toRgba(new Float32Array([-160, 40, 240, 1000]), { center: 40, width: 400 });
    expect(Array.from(rgba.filter((_, i) => i % 4 === 0))).toEqual([0, 128, 255, 255]);
    expect(rgba[3]).toBe(255);
  });
});
