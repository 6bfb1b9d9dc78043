/**
 * A small animated-GIF (GIF89a) encoder: one global palette of up to 256 colours by median cut
 * over pixels sampled from every frame, nearest-colour mapping through a 15-bit cache, LZW
 * compression with variable code widths and clear codes, a looping NETSCAPE2.0 extension and
 * a delay per frame. Frames are RGBA bitmaps of the same size (alpha is ignored).
 */
import type { Bitmap } from './bitmap';

type Rgb = readonly [number, number, number];

interface Box {
  readonly pixels: number[];
}

/** Median cut over packed 0xRRGGBB samples. */
export const medianCut = (samples: readonly number[], colours = 256): Rgb[] => {
  if (samples.length === 0) return [[0, 0, 0]];
  const boxes: Box[] = [{ pixels: [...samples] }];
  const channel = (p: number, c: number) => (p >> (16 - 8 * c)) & 255;
  const rangeOf = (box: Box): { c: number; range: number } => {
    let best = { c: 0, range: -1 };
    for (let c = 0; c < 3; c++) {
      let lo = 255;
      let hi = 0;
      for (const p of box.pixels) {
        const v = channel(p, c);
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      if (hi - lo > best.range) best = { c, range: hi - lo };
    }
    return best;
  };
  while (boxes.length < colours) {
    let pick = -1;
    let pickRange = 0;
    let pickC = 0;
    for (let i = 0; i < boxes.length; i++) {
      if (boxes[i]!.pixels.length < 2) continue;
      const { c, range } = rangeOf(boxes[i]!);
      if (range > pickRange) {
        pick = i;
        pickRange = range;
        pickC = c;
      }
    }
    if (pick < 0) break;
    const box = boxes[pick]!;
    const sorted = [...box.pixels].sort((a, b) => channel(a, pickC) - channel(b, pickC));
    const mid = sorted.length >> 1;
    boxes.splice(pick, 1, { pixels: sorted.slice(0, mid) }, { pixels: sorted.slice(mid) });
  }
  return boxes.map((box) => {
    const sum = [0, 0, 0];
    for (const p of box.pixels) for (let c = 0; c < 3; c++) sum[c]! += channel(p, c);
    const n = Math.max(1, box.pixels.length);
    return [Math.round(sum[0]! / n), Math.round(sum[1]! / n), Math.round(sum[2]! / n)] as const;
  });
};

const nearestIndex = (palette: readonly Rgb[], r: number, g: number, b: number): number => {
  let best = 0;
  let bestD = Infinity;
  for (let i = 0; i < palette.length; i++) {
    const p = palette[i]!;
    const d = (p[0] - r) ** 2 + (p[1] - g) ** 2 + (p[2] - b) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
};

class ByteWriter {
  private buf = Buffer.alloc(1 << 16);
  private n = 0;
  private ensure(k: number) {
    if (this.n + k <= this.buf.length) return;
    const next = Buffer.alloc(Math.max(this.buf.length * 2, this.n + k));
    this.buf.copy(next, 0, 0, this.n);
    this.buf = next;
  }
  byte(b: number) {
    this.ensure(1);
    this.buf[this.n++] = b & 255;
  }
  u16(v: number) {
    this.byte(v & 255);
    this.byte((v >> 8) & 255);
  }
  bytes(b: ArrayLike<number>) {
    this.ensure(b.length);
    for (let i = 0; i < b.length; i++) this.buf[this.n++] = b[i]! & 255;
  }
  ascii(s: string) {
    for (let i = 0; i < s.length; i++) this.byte(s.charCodeAt(i));
  }
  done(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.n));
  }
}

/** LZW-compresses palette indices (GIF flavour: LSB-first codes, clear and end codes). */
export const lzwEncode = (indices: Uint8Array, minCodeSize: number): Uint8Array => {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const out: number[] = [];
  let bitBuf = 0;
  let bitCnt = 0;
  let codeSize = minCodeSize + 1;
  const emit = (code: number) => {
    bitBuf |= code << bitCnt;
    bitCnt += codeSize;
    while (bitCnt >= 8) {
      out.push(bitBuf & 255);
      bitBuf >>>= 8;
      bitCnt -= 8;
    }
  };
  let dict = new Map<number, number>();
  let next = end + 1;
  emit(clear);
  if (indices.length === 0) {
    emit(end);
    if (bitCnt > 0) out.push(bitBuf & 255);
    return Uint8Array.from(out);
  }
  let prefix = indices[0]!;
  for (let i = 1; i < indices.length; i++) {
    const k = indices[i]!;
    const key = (prefix << 8) | k;
    const found = dict.get(key);
    if (found !== undefined) {
      prefix = found;
      continue;
    }
    emit(prefix);
    if (next < 4096) {
      dict.set(key, next++);
      if (next > 1 << codeSize && codeSize < 12) codeSize++;
    } else {
      emit(clear);
      dict = new Map();
      next = end + 1;
      codeSize = minCodeSize + 1;
    }
    prefix = k;
  }
  emit(prefix);
  emit(end);
  if (bitCnt > 0) out.push(bitBuf & 255);
  return Uint8Array.from(out);
};

export interface GifOptions {
  /** Delay per frame in hundredths of a second. */
  readonly delayCs: number;
  /** 0 loops forever. */
  readonly loops?: number;
}

export const encodeGif = (frames: readonly Bitmap[], options: GifOptions): Buffer => {
  if (frames.length === 0) throw new Error('a GIF needs at least one frame');
  const { width, height } = frames[0]!;
  // Sample about 20k pixels over all frames for the palette.
  const samples: number[] = [];
  const stride = Math.max(1, Math.floor((width * height * frames.length) / 20000));
  let k = 0;
  for (const f of frames)
    for (let i = 0; i < width * height; i++, k++)
      if (k % stride === 0)
        samples.push((f.data[i * 4]! << 16) | (f.data[i * 4 + 1]! << 8) | f.data[i * 4 + 2]!);
  const palette = medianCut(samples, 256);
  while (palette.length < 256) palette.push([0, 0, 0]);
  const cache = new Int16Array(1 << 15).fill(-1);
  const w = new ByteWriter();
  w.ascii('GIF89a');
  w.u16(width);
  w.u16(height);
  w.byte(0xf7); // global colour table, 8 bits of colour resolution, 256 entries
  w.byte(0);
  w.byte(0);
  for (const [r, g, b] of palette) w.bytes([r, g, b]);
  w.bytes([0x21, 0xff, 0x0b]);
  w.ascii('NETSCAPE2.0');
  w.bytes([0x03, 0x01]);
  w.u16(options.loops ?? 0);
  w.byte(0);
  const indices = new Uint8Array(width * height);
  for (const f of frames) {
    for (let i = 0; i < indices.length; i++) {
      const r = f.data[i * 4]!;
      const g = f.data[i * 4 + 1]!;
      const b = f.data[i * 4 + 2]!;
      const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
      let idx = cache[key]!;
      if (idx < 0) {
        idx = nearestIndex(palette, r, g, b);
        cache[key] = idx;
      }
      indices[i] = idx;
    }
    w.bytes([0x21, 0xf9, 0x04, 0x00]);
    w.u16(options.delayCs);
    w.bytes([0x00, 0x00]);
    w.byte(0x2c);
    w.u16(0);
    w.u16(0);
    w.u16(width);
    w.u16(height);
    w.byte(0);
    w.byte(8);
    const data = lzwEncode(indices, 8);
    for (let i = 0; i < data.length; i += 255) {
      const chunk = data.subarray(i, i + 255);
      w.byte(chunk.length);
      w.bytes(chunk);
    }
    w.byte(0);
  }
  w.byte(0x3b);
  return w.done();
};

/** Reads a GIF's size, frame count and delays (enough to check what the encoder wrote). */
export const inspectGif = (
  bytes: Buffer,
): { width: number; height: number; frames: number; delaysCs: number[] } => {
  if (
    bytes.subarray(0, 6).toString('ascii') !== 'GIF89a' &&
    bytes.subarray(0, 6).toString('ascii') !== 'GIF87a'
  )
    throw new Error('not a GIF');
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  const packed = bytes[10]!;
  let p = 13 + (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);
  let frames = 0;
  const delaysCs: number[] = [];
  const skipBlocks = () => {
    while (bytes[p]! !== 0) p += bytes[p]! + 1;
    p++;
  };
  for (;;) {
    const b = bytes[p++];
    if (b === 0x3b || b === undefined) break;
    if (b === 0x21) {
      const label = bytes[p++];
      if (label === 0xf9) delaysCs.push(bytes.readUInt16LE(p + 2));
      skipBlocks();
    } else if (b === 0x2c) {
      frames++;
      const lp = bytes[p + 8]!;
      p += 9 + (lp & 0x80 ? 3 * (1 << ((lp & 7) + 1)) : 0);
      p++; // LZW minimum code size
      skipBlocks();
    } else throw new Error(`unexpected GIF block 0x${b.toString(16)}`);
  }
  return { width, height, frames, delaysCs };
};
