/** Hand-built JPEG byte streams: the segments a camera writes, with and without EXIF/XMP. */

export const segment = (marker: number, payload: readonly number[]): number[] => {
  const length = payload.length + 2;
  return [0xff, marker, (length >> 8) & 0xff, length & 0xff, ...payload];
};

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** An APP1 EXIF payload whose IFD0 holds GPS-like filler and the orientation tag. */
export const exifPayload = (orientation: number | null, order: 'II' | 'MM' = 'MM'): number[] => {
  const little = order === 'II';
  const u16 = (n: number) => (little ? [n & 0xff, n >> 8] : [n >> 8, n & 0xff]);
  const u32 = (n: number) =>
    little
      ? [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]
      : [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
  const entries: number[][] = [
    // 0x010F Make, ASCII, 4 bytes inline: "Cam\0"
    [...u16(0x010f), ...u16(2), ...u32(4), ...ascii('Cam'), 0],
  ];
  if (orientation !== null) entries.push([...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0]);
  return [
    ...ascii('Exif'),
    0,
    0,
    ...ascii(order),
    ...u16(0x2a),
    ...u32(8),
    ...u16(entries.length),
    ...entries.flat(),
    ...u32(0),
  ];
};

const app0 = segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const dqt = segment(0xdb, [0, ...Array.from({ length: 64 }, (_, i) => (i % 15) + 1)]);
const sof = segment(0xc0, [8, 0, 2, 0, 2, 1, 1, 0x11, 0]);
const sos = segment(0xda, [1, 1, 0, 0, 0x3f, 0]);
/** Entropy-coded bytes, with a stuffed FF 00 and a restart marker, then EOI. */
const scan = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd9];

export const jpegWith = (opts: { orientation: number | null; order?: 'II' | 'MM'; xmp?: boolean }) => {
  const exif = segment(0xe1, exifPayload(opts.orientation, opts.order));
  const xmp = opts.xmp
    ? segment(0xe1, [...ascii('http://ns.adobe.com/xap/1.0/'), 0, ...ascii('<x:xmpmeta/>')])
    : [];
  const withExif = Uint8Array.from([0xff, 0xd8, ...app0, ...exif, ...xmp, ...dqt, ...sof, ...sos, ...scan]);
  const withoutExif = Uint8Array.from([0xff, 0xd8, ...app0, ...dqt, ...sof, ...sos, ...scan]);
  return { withExif, withoutExif };
};
