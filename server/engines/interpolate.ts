/** Bilinear sampling for the simulated effects that sample at fractional positions (a leaf module: it imports nothing). */

/**
 * Bilinear interpolation at a fractional position (clamped at the edges) of channel `c` of a grid
 * of `channels` interleaved values per cell: a bitmap's RGBA, or one plane of samples.
 */
export const bilinear = (
  data: ArrayLike<number>,
  width: number,
  height: number,
  x: number,
  y: number,
  channels = 1,
  c = 0,
): number => {
  const cx = Math.min(width - 1, Math.max(0, x));
  const cy = Math.min(height - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const top =
    data[(y0 * width + x0) * channels + c]! * (1 - fx) + data[(y0 * width + x1) * channels + c]! * fx;
  const bottom =
    data[(y1 * width + x0) * channels + c]! * (1 - fx) + data[(y1 * width + x1) * channels + c]! * fx;
  return top * (1 - fy) + bottom * fy;
};
