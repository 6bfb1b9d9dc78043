/**
 * The palette of a lossy GIF (gif.ts): median cut over the colours of every frame, refined by
 * k-means, and the nearest-colour lookup the encoder maps pixels with.
 */

/** How many k-means rounds refine the median-cut palette. */
const KMEANS_ROUNDS = 4;

// ---------------------------------------------------------------------------------------------
// The quantiser: median cut over the image's colours, refined by k-means

/** The colours to quantise as weighted points: a colour (3 numbers) and its pixel count. */
export interface ColourPoints {
  readonly n: number;
  readonly c: Float64Array;
  readonly w: Float64Array;
}

/**
 * Exact colours are counted while there are at most this many (GIF frames hold 256 colours
 * each, so most animations stay well under it); past it, counts go to 15-bit cells, whose
 * mean colours stand for them.
 */
const EXACT_COLOURS = 1 << 15;
const EXACT_SLOTS = EXACT_COLOURS * 2;
const CELLS = 1 << 15;

/** How many opaque pixels of every frame have each colour; and whether any pixel is transparent. */
export class ColourCounts {
  transparent = false;
  private keys: Int32Array | null = new Int32Array(EXACT_SLOTS).fill(-1);
  private counts = new Float64Array(EXACT_SLOTS);
  private distinct = 0;
  private cells: { readonly weight: Float64Array; readonly sum: Float64Array } | null = null;

  add(rgba: Uint8Array): void {
    let lastKey = -1;
    let lastSlot = -1;
    for (let o = 0; o < rgba.length; o += 4) {
      if ((rgba[o + 3] ?? 0) < 128) {
        this.transparent = true;
        continue;
      }
      const r = rgba[o] ?? 0;
      const g = rgba[o + 1] ?? 0;
      const b = rgba[o + 2] ?? 0;
      const keys = this.keys;
      if (keys === null) {
        this.addToCell(r, g, b, 1);
        continue;
      }
      const key = (r << 16) | (g << 8) | b;
      if (key === lastKey) {
        this.counts[lastSlot] = (this.counts[lastSlot] ?? 0) + 1;
        continue;
      }
      let slot = Math.imul(key, 0x9e3779b1) >>> 16;
      while ((keys[slot] ?? -1) !== -1 && keys[slot] !== key) slot = (slot + 1) & (EXACT_SLOTS - 1);
      if (keys[slot] === -1) {
        if (this.distinct === EXACT_COLOURS) {
          this.spill();
          this.addToCell(r, g, b, 1);
          lastKey = -1;
          continue;
        }
        keys[slot] = key;
        this.distinct++;
      }
      this.counts[slot] = (this.counts[slot] ?? 0) + 1;
      lastKey = key;
      lastSlot = slot;
    }
  }

  private addToCell(r: number, g: number, b: number, n: number): void {
    this.cells ??= { weight: new Float64Array(CELLS), sum: new Float64Array(CELLS * 3) };
    const { weight, sum } = this.cells;
    const cell = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    weight[cell] = (weight[cell] ?? 0) + n;
    sum[cell * 3] = (sum[cell * 3] ?? 0) + r * n;
    sum[cell * 3 + 1] = (sum[cell * 3 + 1] ?? 0) + g * n;
    sum[cell * 3 + 2] = (sum[cell * 3 + 2] ?? 0) + b * n;
  }

  /** Too many colours: what was counted exactly goes to the cells. */
  private spill(): void {
    const keys = this.keys;
    if (keys === null) return;
    for (let slot = 0; slot < EXACT_SLOTS; slot++) {
      const key = keys[slot] ?? -1;
      if (key >= 0) this.addToCell(key >> 16, (key >> 8) & 0xff, key & 0xff, this.counts[slot] ?? 0);
    }
    this.keys = null;
  }

  points(): ColourPoints {
    const keys = this.keys;
    if (keys !== null) {
      const c = new Float64Array(this.distinct * 3);
      const w = new Float64Array(this.distinct);
      let j = 0;
      for (let slot = 0; slot < EXACT_SLOTS; slot++) {
        const key = keys[slot] ?? -1;
        if (key < 0) continue;
        c[j * 3] = key >> 16;
        c[j * 3 + 1] = (key >> 8) & 0xff;
        c[j * 3 + 2] = key & 0xff;
        w[j] = this.counts[slot] ?? 0;
        j++;
      }
      return { n: this.distinct, c, w };
    }
    const cells = this.cells;
    if (cells === null) return { n: 0, c: new Float64Array(0), w: new Float64Array(0) };
    let n = 0;
    for (let i = 0; i < CELLS; i++) if ((cells.weight[i] ?? 0) > 0) n++;
    const c = new Float64Array(n * 3);
    const w = new Float64Array(n);
    let j = 0;
    for (let i = 0; i < CELLS; i++) {
      const wi = cells.weight[i] ?? 0;
      if (wi === 0) continue;
      w[j] = wi;
      for (let k = 0; k < 3; k++) c[j * 3 + k] = (cells.sum[i * 3 + k] ?? 0) / wi;
      j++;
    }
    return { n, c, w };
  }
}

interface Box {
  readonly start: number;
  readonly end: number;
  /** Weighted squared error around the box's mean: how much a split could gain. */
  readonly sse: number;
}

const boxOf = (p: ColourPoints, order: Int32Array, start: number, end: number): Box => {
  let W = 0;
  let q = 0;
  const s = [0, 0, 0];
  for (let i = start; i < end; i++) {
    const j = order[i] ?? 0;
    const w = p.w[j] ?? 0;
    W += w;
    for (let k = 0; k < 3; k++) {
      const v = p.c[j * 3 + k] ?? 0;
      s[k] = (s[k] ?? 0) + w * v;
      q += w * v * v;
    }
  }
  const sse = W > 0 ? q - ((s[0] ?? 0) ** 2 + (s[1] ?? 0) ** 2 + (s[2] ?? 0) ** 2) / W : 0;
  return { start, end, sse: Math.max(0, sse) };
};

/** Splits a box of at least two points along its widest channel where the two halves' error is least. */
const split = (p: ColourPoints, order: Int32Array, box: Box): [Box, Box] => {
  const { start, end } = box;
  let W = 0;
  const s = [0, 0, 0];
  const q = [0, 0, 0];
  for (let i = start; i < end; i++) {
    const j = order[i] ?? 0;
    const w = p.w[j] ?? 0;
    W += w;
    for (let k = 0; k < 3; k++) {
      const v = p.c[j * 3 + k] ?? 0;
      s[k] = (s[k] ?? 0) + w * v;
      q[k] = (q[k] ?? 0) + w * v * v;
    }
  }
  let axis = 0;
  let widest = -1;
  for (let k = 0; k < 3; k++) {
    const variance = (q[k] ?? 0) - (s[k] ?? 0) ** 2 / W;
    if (variance > widest) {
      widest = variance;
      axis = k;
    }
  }
  order.subarray(start, end).sort((a, b) => (p.c[a * 3 + axis] ?? 0) - (p.c[b * 3 + axis] ?? 0));
  // Error of a set = Σw|c|² − |Σwc|²/W; the total Σw|c|² is the same for every cut.
  let lw = 0;
  const ls = [0, 0, 0];
  let cut = start + 1;
  let best = Infinity;
  for (let i = start; i < end - 1; i++) {
    const j = order[i] ?? 0;
    const w = p.w[j] ?? 0;
    lw += w;
    for (let k = 0; k < 3; k++) ls[k] = (ls[k] ?? 0) + w * (p.c[j * 3 + k] ?? 0);
    const rw = W - lw;
    let left = 0;
    let rightPart = 0;
    for (let k = 0; k < 3; k++) {
      left += (ls[k] ?? 0) ** 2;
      rightPart += ((s[k] ?? 0) - (ls[k] ?? 0)) ** 2;
    }
    const cost = -(left / lw + rightPart / rw);
    if (cost < best) {
      best = cost;
      cut = i + 1;
    }
  }
  return [boxOf(p, order, start, cut), boxOf(p, order, cut, end)];
};

/**
 * Up to `k` colours (3 numbers each, 0..255) for the weighted points: the points themselves when
 * there are no more than `k`, else median cut (each cut where the two halves' squared error is
 * least, along the widest channel of the box with the most error) refined by k-means.
 */
export const quantise = (p: ColourPoints, k: number): Uint8Array => {
  if (p.n === 0 || k <= 0) return new Uint8Array(0);
  let centres: Float64Array;
  if (p.n <= k) {
    centres = p.c.slice();
  } else {
    const order = Int32Array.from({ length: p.n }, (_x, i) => i);
    const boxes: Box[] = [boxOf(p, order, 0, p.n)];
    while (boxes.length < k) {
      let pick = -1;
      for (let i = 0; i < boxes.length; i++) {
        const b = boxes[i];
        if (b && b.end - b.start >= 2 && b.sse > 0 && (pick < 0 || b.sse > (boxes[pick]?.sse ?? 0))) pick = i;
      }
      const chosen = boxes[pick];
      if (!chosen) break;
      const [a, b] = split(p, order, chosen);
      boxes.splice(pick, 1, a, b);
    }
    centres = new Float64Array(boxes.length * 3);
    boxes.forEach((b, bi) => {
      let W = 0;
      const s = [0, 0, 0];
      for (let i = b.start; i < b.end; i++) {
        const j = order[i] ?? 0;
        const w = p.w[j] ?? 0;
        W += w;
        for (let c = 0; c < 3; c++) s[c] = (s[c] ?? 0) + w * (p.c[j * 3 + c] ?? 0);
      }
      for (let c = 0; c < 3; c++) centres[bi * 3 + c] = (s[c] ?? 0) / W;
    });
    centres = kMeans(p, centres);
  }
  return Uint8Array.from(centres, (v) => Math.min(255, Math.max(0, Math.round(v))));
};

/** Lloyd rounds over the weighted points, starting from the median-cut centres. */
const kMeans = (p: ColourPoints, start: Float64Array): Float64Array => {
  const k = start.length / 3;
  const centres = start.slice();
  const sums = new Float64Array(k * 4);
  for (let round = 0; round < KMEANS_ROUNDS; round++) {
    sums.fill(0);
    for (let j = 0; j < p.n; j++) {
      const r = p.c[j * 3] ?? 0;
      const g = p.c[j * 3 + 1] ?? 0;
      const b = p.c[j * 3 + 2] ?? 0;
      let best = 0;
      let bestD = Infinity;
      for (let i = 0; i < k; i++) {
        const dr = r - (centres[i * 3] ?? 0);
        const dg = g - (centres[i * 3 + 1] ?? 0);
        const db = b - (centres[i * 3 + 2] ?? 0);
        const d = dr * dr + dg * dg + db * db;
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
      const w = p.w[j] ?? 0;
      sums[best * 4] = (sums[best * 4] ?? 0) + w * r;
      sums[best * 4 + 1] = (sums[best * 4 + 1] ?? 0) + w * g;
      sums[best * 4 + 2] = (sums[best * 4 + 2] ?? 0) + w * b;
      sums[best * 4 + 3] = (sums[best * 4 + 3] ?? 0) + w;
    }
    for (let i = 0; i < k; i++) {
      const w = sums[i * 4 + 3] ?? 0;
      if (w > 0) for (let c = 0; c < 3; c++) centres[i * 3 + c] = (sums[i * 4 + c] ?? 0) / w;
    }
  }
  return centres;
};

/**
 * Nearest palette colour: a colour of the palette is its own entry; any other is looked up once
 * per 18-bit cell (the cell's centre decides) and cached.
 */
export class NearestColour {
  private readonly cache = new Int16Array(1 << 18).fill(-1);
  private readonly exactKeys = new Int32Array(1024).fill(-1);
  private readonly exactIndex = new Int16Array(1024);

  constructor(private readonly palette: Uint8Array) {
    for (let i = 0; i * 3 < palette.length; i++) {
      const key =
        ((palette[i * 3] ?? 0) << 16) | ((palette[i * 3 + 1] ?? 0) << 8) | (palette[i * 3 + 2] ?? 0);
      let slot = NearestColour.slotOf(key);
      while ((this.exactKeys[slot] ?? -1) !== -1 && this.exactKeys[slot] !== key) slot = (slot + 1) & 1023;
      if (this.exactKeys[slot] === key) continue;
      this.exactKeys[slot] = key;
      this.exactIndex[slot] = i;
    }
  }

  private static slotOf(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> 22;
  }

  find(r: number, g: number, b: number): number {
    const exact = (r << 16) | (g << 8) | b;
    for (let slot = NearestColour.slotOf(exact); ; slot = (slot + 1) & 1023) {
      const key = this.exactKeys[slot] ?? -1;
      if (key === exact) return this.exactIndex[slot] ?? 0;
      if (key === -1) break;
    }
    const key = ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
    const hit = this.cache[key] ?? -1;
    if (hit >= 0) return hit;
    const cr = (r & 0xfc) + 2;
    const cg = (g & 0xfc) + 2;
    const cb = (b & 0xfc) + 2;
    const pal = this.palette;
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i * 3 < pal.length; i++) {
      const dr = cr - (pal[i * 3] ?? 0);
      const dg = cg - (pal[i * 3 + 1] ?? 0);
      const db = cb - (pal[i * 3 + 2] ?? 0);
      const d = dr * dr + dg * dg + db * db;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    this.cache[key] = best;
    return best;
  }
}

/** Mean distance from each palette colour to its nearest neighbour (0 for fewer than two). */
export const meanNeighbourDistance = (colours: Uint8Array): number => {
  const k = colours.length / 3;
  if (k < 2) return 0;
  let total = 0;
  for (let i = 0; i < k; i++) {
    let best = Infinity;
    for (let j = 0; j < k; j++) {
      if (j === i) continue;
      const dr = (colours[i * 3] ?? 0) - (colours[j * 3] ?? 0);
      const dg = (colours[i * 3 + 1] ?? 0) - (colours[j * 3 + 1] ?? 0);
      const db = (colours[i * 3 + 2] ?? 0) - (colours[j * 3 + 2] ?? 0);
      best = Math.min(best, dr * dr + dg * dg + db * db);
    }
    total += Math.sqrt(best);
  }
  return total / k;
};
