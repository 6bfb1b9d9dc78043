/**
 * The part of omggif 1.0.10 (a CommonJS module without types) that infrastructure/uploads/gif.ts
 * and its tests use. Palettes are arrays of 0xRRGGBB numbers whose length is a power of two from
 * 2 to 256. Delays are in hundredths of a second; a loop count of 0 loops forever.
 */
declare module 'omggif' {
  export interface GifFrameInfo {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
    readonly has_local_palette: boolean;
    readonly palette_offset: number | null;
    readonly palette_size: number | null;
    readonly data_offset: number;
    readonly data_length: number;
    /** The transparent palette index, or null when the frame has none. */
    readonly transparent_index: number | null;
    readonly interlaced: boolean;
    readonly delay: number;
    /** 0 unspecified, 1 do not dispose, 2 restore to background, 3 restore to previous. */
    readonly disposal: number;
  }

  /** Parses the block structure at construction (throws on a bad header or block). */
  export class GifReader {
    constructor(buf: Uint8Array);
    readonly width: number;
    readonly height: number;
    numFrames(): number;
    /** The NETSCAPE2.0 loop count, or null when the file has no looping block (plays once). */
    loopCount(): number | null;
    frameInfo(frameNum: number): GifFrameInfo;
    /**
     * Decodes one frame and draws it over `pixels` (RGBA, `width * height * 4`): transparent
     * pixels are left as they are, drawn ones get alpha 255. Disposal is not applied.
     */
    decodeAndBlitFrameRGBA(frameNum: number, pixels: Uint8Array | Uint8ClampedArray): void;
  }

  export interface GifWriterOptions {
    readonly palette?: readonly number[];
    /** Writes a NETSCAPE2.0 block; omitted: no block (plays once). */
    readonly loop?: number;
    readonly background?: number;
  }

  export interface GifFrameOptions {
    readonly palette?: readonly number[] | null;
    readonly delay?: number;
    readonly disposal?: number;
    readonly transparent?: number | null;
  }

  /** Writes into `buf` (never grown: the caller sizes it) from position 0. */
  export class GifWriter {
    constructor(buf: Uint8Array, width: number, height: number, options?: GifWriterOptions);
    /** Returns the output position after the frame. */
    addFrame(
      x: number,
      y: number,
      w: number,
      h: number,
      indexedPixels: ArrayLike<number>,
      options?: GifFrameOptions,
    ): number;
    /** Writes the trailer; returns the output length. */
    end(): number;
    getOutputBuffer(): Uint8Array;
    setOutputBuffer(buf: Uint8Array): void;
    getOutputBufferPosition(): number;
    setOutputBufferPosition(position: number): void;
  }
}
