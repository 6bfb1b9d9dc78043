/**
 * A baseline JPEG decoder (ITU T.81 sequential Huffman, 8-bit, 1 or 3 components, any
 * sampling factors, restart intervals), so the engines read what browsers' canvas.toBlob
 * writes for image uploads. Progressive and arithmetic-coded files are refused.
 */
import { bilinear } from './interpolate';

/** A decoded image: straight RGBA, row-major (the engines' Bitmap shape). */
export interface DecodedJpeg {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

export class JpegError extends Error {}

interface Huffman {
  /** code length (1..16) -> first code, and the values in code order. */
  readonly maxCode: Int32Array;
  readonly valPtr: Int32Array;
  readonly minCode: Int32Array;
  readonly values: Uint8Array;
}

interface Component {
  readonly id: number;
  readonly h: number;
  readonly v: number;
  readonly tq: number;
  td: number;
  ta: number;
  pred: number;
  blocksPerLine: number;
  blocksPerColumn: number;
  coeffs: Int16Array;
}

const ZIGZAG = new Uint8Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7,
  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46,
  53, 60, 61, 54, 47, 55, 62, 63,
]);

const buildHuffman = (counts: Uint8Array, values: Uint8Array): Huffman => {
  const maxCode = new Int32Array(18).fill(-1);
  const valPtr = new Int32Array(17);
  const minCode = new Int32Array(17);
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    const n = counts[len - 1]!;
    valPtr[len] = k;
    minCode[len] = code;
    code += n;
    k += n;
    maxCode[len] = n > 0 ? code - 1 : -1;
    code <<= 1;
  }
  maxCode[17] = 0x7fffffff;
  return { maxCode, valPtr, minCode, values };
};

/** The IDCT basis: C(u) cos((2x+1) u pi / 16) / 2. */
const BASIS = (() => {
  const m = new Float32Array(64);
  for (let x = 0; x < 8; x++)
    for (let u = 0; u < 8; u++)
      m[x * 8 + u] = ((u === 0 ? Math.SQRT1_2 : 1) * Math.cos(((2 * x + 1) * u * Math.PI) / 16)) / 2;
  return m;
})();

const idctBlock = (
  input: Float32Array,
  out: Uint8ClampedArray,
  outOffset: number,
  stride: number,
  tmp: Float32Array,
) => {
  for (let y = 0; y < 8; y++)
    for (let u = 0; u < 8; u++) {
      let s = 0;
      for (let v = 0; v < 8; v++) s += BASIS[y * 8 + v]! * input[v * 8 + u]!;
      tmp[y * 8 + u] = s;
    }
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) {
      let s = 0;
      for (let u = 0; u < 8; u++) s += BASIS[x * 8 + u]! * tmp[y * 8 + u]!;
      out[outOffset + y * stride + x] = s + 128;
    }
};

/** Decodes a baseline JPEG; throws JpegError (or RangeError on a truncated file). */
export const decodeJpeg = (bytes: Uint8Array): DecodedJpeg => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (i: number) => view.getUint16(i);
  const qt: Int32Array[] = [];
  const dcTables: Huffman[] = [];
  const acTables: Huffman[] = [];
  let frame: {
    width: number;
    height: number;
    comps: Component[];
    hMax: number;
    vMax: number;
    mcusX: number;
    mcusY: number;
  } | null = null;
  let restartInterval = 0;
  let adobeTransform = -1;
  let pos = 2;
  if (u16(0) !== 0xffd8) throw new JpegError('no SOI marker');
  for (;;) {
    if (pos + 2 > bytes.length) throw new JpegError('truncated');
    if (bytes[pos] !== 0xff) {
      pos++;
      continue;
    }
    const marker = bytes[pos + 1]!;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    if (marker === 0xd9) break;
    if (pos + 4 > bytes.length) throw new JpegError('truncated');
    const len = u16(pos + 2);
    const seg = pos + 4;
    const end = pos + 2 + len;
    switch (marker) {
      case 0xdb: {
        let p = seg;
        while (p < end) {
          const pq = bytes[p]! >> 4;
          const tq = bytes[p]! & 15;
          p++;
          const table = new Int32Array(64);
          for (let k = 0; k < 64; k++) {
            table[ZIGZAG[k]!] = pq ? u16(p + k * 2) : bytes[p + k]!;
          }
          p += pq ? 128 : 64;
          qt[tq] = table;
        }
        break;
      }
      case 0xc4: {
        let p = seg;
        while (p < end) {
          const tc = bytes[p]! >> 4;
          const th = bytes[p]! & 15;
          const counts = bytes.subarray(p + 1, p + 17);
          let total = 0;
          for (const c of counts) total += c;
          const values = bytes.slice(p + 17, p + 17 + total);
          (tc === 0 ? dcTables : acTables)[th] = buildHuffman(counts, values);
          p += 17 + total;
        }
        break;
      }
      case 0xdd:
        restartInterval = u16(seg);
        break;
      case 0xee:
        if (len >= 12 && String.fromCharCode(...bytes.subarray(seg, seg + 5)) === 'Adobe')
          adobeTransform = bytes[seg + 11]!;
        break;
      case 0xc0:
      case 0xc1: {
        if (bytes[seg] !== 8) throw new JpegError('only 8-bit samples');
        const height = u16(seg + 1);
        const width = u16(seg + 3);
        const n = bytes[seg + 5]!;
        if (n !== 1 && n !== 3) throw new JpegError(`${n} components`);
        const comps: Component[] = [];
        for (let i = 0; i < n; i++) {
          const b = seg + 6 + i * 3;
          comps.push({
            id: bytes[b]!,
            h: bytes[b + 1]! >> 4,
            v: bytes[b + 1]! & 15,
            tq: bytes[b + 2]!,
            td: 0,
            ta: 0,
            pred: 0,
            blocksPerLine: 0,
            blocksPerColumn: 0,
            coeffs: new Int16Array(0),
          });
        }
        const hMax = Math.max(...comps.map((c) => c.h));
        const vMax = Math.max(...comps.map((c) => c.v));
        const mcusX = Math.ceil(width / (8 * hMax));
        const mcusY = Math.ceil(height / (8 * vMax));
        for (const c of comps) {
          c.blocksPerLine = mcusX * c.h;
          c.blocksPerColumn = mcusY * c.v;
          c.coeffs = new Int16Array(c.blocksPerLine * c.blocksPerColumn * 64);
        }
        frame = { width, height, comps, hMax, vMax, mcusX, mcusY };
        break;
      }
      case 0xc2:
      case 0xc3:
      case 0xc5:
      case 0xc6:
      case 0xc7:
      case 0xc9:
      case 0xca:
      case 0xcb:
      case 0xcd:
      case 0xce:
      case 0xcf:
        throw new JpegError('only baseline (sequential Huffman) JPEG is supported');
      case 0xda: {
        if (!frame) throw new JpegError('SOS before SOF');
        const ns = bytes[seg]!;
        const scomps: Component[] = [];
        for (let i = 0; i < ns; i++) {
          const id = bytes[seg + 1 + i * 2]!;
          const c = frame.comps.find((x) => x.id === id);
          if (!c) throw new JpegError('unknown component in scan');
          c.td = bytes[seg + 2 + i * 2]! >> 4;
          c.ta = bytes[seg + 2 + i * 2]! & 15;
          scomps.push(c);
        }
        pos = decodeScan(bytes, end, frame, scomps, dcTables, acTables, restartInterval);
        continue;
      }
      default:
        break;
    }
    pos = end;
  }
  if (!frame) throw new JpegError('no frame');
  return toRgba(frame, qt, adobeTransform);
};

const decodeScan = (
  bytes: Uint8Array,
  start: number,
  frame: { width: number; height: number; comps: Component[]; mcusX: number; mcusY: number },
  scomps: Component[],
  dcTables: Huffman[],
  acTables: Huffman[],
  restartInterval: number,
): number => {
  let pos = start;
  let bitBuf = 0;
  let bitCnt = 0;
  const readBit = (): number => {
    if (bitCnt === 0) {
      if (pos >= bytes.length) throw new JpegError('truncated scan');
      let b = bytes[pos++]!;
      if (b === 0xff) {
        // A stuffed zero follows a data 0xFF; anything else is a marker: stay on it, read zeros.
        if (bytes[pos] === 0) pos++;
        else {
          pos--;
          b = 0;
        }
      }
      bitBuf = b;
      bitCnt = 8;
    }
    bitCnt--;
    return (bitBuf >> bitCnt) & 1;
  };
  const receive = (n: number): number => {
    let v = 0;
    for (let i = 0; i < n; i++) v = (v << 1) | readBit();
    return v;
  };
  const extend = (v: number, n: number): number => (n === 0 ? 0 : v < 1 << (n - 1) ? v - (1 << n) + 1 : v);
  const decodeHuff = (t: Huffman): number => {
    let code = readBit();
    let len = 1;
    while (code > t.maxCode[len]!) {
      code = (code << 1) | readBit();
      len++;
      if (len > 16) throw new JpegError('bad Huffman code');
    }
    return t.values[t.valPtr[len]! + code - t.minCode[len]!]!;
  };
  const decodeBlock = (c: Component, offset: number) => {
    const dc = dcTables[c.td];
    const ac = acTables[c.ta];
    if (!dc || !ac) throw new JpegError('missing Huffman table');
    const t = decodeHuff(dc);
    const diff = t === 0 ? 0 : extend(receive(t), t);
    c.pred += diff;
    c.coeffs[offset] = c.pred;
    let k = 1;
    while (k < 64) {
      const rs = decodeHuff(ac);
      const s = rs & 15;
      const r = rs >> 4;
      if (s === 0) {
        if (r === 15) {
          k += 16;
          continue;
        }
        break;
      }
      k += r;
      if (k > 63) break;
      c.coeffs[offset + ZIGZAG[k]!] = extend(receive(s), s);
      k++;
    }
  };
  const single = scomps.length === 1;
  const total = single
    ? Math.ceil(Math.ceil((frame.width * scomps[0]!.h) / Math.max(...frame.comps.map((c) => c.h))) / 8) *
      Math.ceil(Math.ceil((frame.height * scomps[0]!.v) / Math.max(...frame.comps.map((c) => c.v))) / 8)
    : frame.mcusX * frame.mcusY;
  const singleLine = single
    ? Math.ceil(Math.ceil((frame.width * scomps[0]!.h) / Math.max(...frame.comps.map((c) => c.h))) / 8)
    : 0;
  for (let n = 0; n < total; n++) {
    if (restartInterval > 0 && n > 0 && n % restartInterval === 0) {
      bitCnt = 0;
      while (
        pos < bytes.length &&
        !(bytes[pos] === 0xff && bytes[pos + 1]! >= 0xd0 && bytes[pos + 1]! <= 0xd7)
      )
        pos++;
      pos += 2;
      for (const c of scomps) c.pred = 0;
    }
    if (single) {
      const c = scomps[0]!;
      const row = Math.floor(n / singleLine);
      const col = n % singleLine;
      decodeBlock(c, (row * c.blocksPerLine + col) * 64);
    } else {
      const mRow = Math.floor(n / frame.mcusX);
      const mCol = n % frame.mcusX;
      for (const c of scomps)
        for (let v = 0; v < c.v; v++)
          for (let h = 0; h < c.h; h++) {
            const row = mRow * c.v + v;
            const col = mCol * c.h + h;
            decodeBlock(c, (row * c.blocksPerLine + col) * 64);
          }
    }
  }
  // Find the next marker after the entropy-coded data.
  while (
    pos < bytes.length - 1 &&
    !(bytes[pos] === 0xff && bytes[pos + 1] !== 0 && !(bytes[pos + 1]! >= 0xd0 && bytes[pos + 1]! <= 0xd7))
  )
    pos++;
  return pos;
};

const toRgba = (
  frame: { width: number; height: number; comps: Component[]; hMax: number; vMax: number },
  qt: Int32Array[],
  adobeTransform: number,
): DecodedJpeg => {
  const planes = frame.comps.map((c) => {
    const q = qt[c.tq];
    if (!q) throw new JpegError('missing quantisation table');
    const w = c.blocksPerLine * 8;
    const h = c.blocksPerColumn * 8;
    const plane = new Uint8ClampedArray(w * h);
    const block = new Float32Array(64);
    const tmp = new Float32Array(64);
    for (let by = 0; by < c.blocksPerColumn; by++)
      for (let bx = 0; bx < c.blocksPerLine; bx++) {
        const off = (by * c.blocksPerLine + bx) * 64;
        for (let k = 0; k < 64; k++) block[k] = c.coeffs[off + k]! * q[k]!;
        idctBlock(block, plane, by * 8 * w + bx * 8, w, tmp);
      }
    return { plane, w, h, sx: c.h / frame.hMax, sy: c.v / frame.vMax };
  });
  const { width, height } = frame;
  const data = new Uint8ClampedArray(width * height * 4);
  const transform = frame.comps.length === 3 && adobeTransform !== 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      // Subsampled planes are read with linear interpolation between sample centres.
      const at = (p: (typeof planes)[number]) =>
        p.sx === 1 && p.sy === 1
          ? p.plane[y * p.w + x]!
          : bilinear(p.plane, p.w, p.h, (x + 0.5) * p.sx - 0.5, (y + 0.5) * p.sy - 0.5);
      if (planes.length === 1) {
        const l = at(planes[0]!);
        data[o] = l;
        data[o + 1] = l;
        data[o + 2] = l;
      } else if (transform) {
        const Y = at(planes[0]!);
        const cb = at(planes[1]!) - 128;
        const cr = at(planes[2]!) - 128;
        data[o] = Y + 1.402 * cr;
        data[o + 1] = Y - 0.344136 * cb - 0.714136 * cr;
        data[o + 2] = Y + 1.772 * cb;
      } else {
        data[o] = at(planes[0]!);
        data[o + 1] = at(planes[1]!);
        data[o + 2] = at(planes[2]!);
      }
      data[o + 3] = 255;
    }
  return { width, height, data };
};
