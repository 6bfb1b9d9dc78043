/**
 * A downloaded work keeps what made it (issue 11, spec §2 "Download" on artwork cards): inside a
 * PNG as a "parameters" text chunk, beside any other file as JSON. The written PNG is parsed
 * back by our reader and by libvips (sharp), an independent PNG decoder.
 */
import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import sharp from 'sharp';
import { delay, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { feed } from '../../../domain/index.js';
import { downloadImage } from '../../../infrastructure/downloads/commands';
import {
  crc32,
  encodeChunk,
  PARAMETERS_KEY,
  readChunks,
  readPngText,
  withPngText,
} from '../../../infrastructure/downloads/png';
import { generationText, sidecarName } from '../../../infrastructure/downloads/rules';
import { newScheduler, platformStore } from './harness';

const redPng = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .png()
    .toBuffer();

const generation: feed.CardGeneration = {
  prompt: 'Quiet Harbour at sunset, soft light',
  seed: 123456789,
  aspectRatio: '3:4',
  width: 240,
  height: 320,
  model: 'SDXL',
};

describe('PNG text chunks (PNG spec 11.3.4 tEXt / iTXt)', () => {
  it('computes the CRC-32 of the PNG specification', () => {
    // The IEND chunk's CRC is the same in every PNG.
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
    expect(Buffer.from(encodeChunk('IEND', new Uint8Array())).toString('hex')).toBe(
      '0000000049454e44ae426082',
    );
  });

  it('writes a tEXt "parameters" chunk right after IHDR that reads back, and libvips still decodes the image', async () => {
    const png = new Uint8Array(await redPng());
    const text = generationText(generation);
    const out = withPngText(png, PARAMETERS_KEY, text);
    expect(out).not.toBeNull();
    const chunks = readChunks(out!)!;
    expect(chunks.map((c) => c.type).slice(0, 2)).toEqual(['IHDR', 'tEXt']);
    expect(readPngText(out!)).toMatchObject({ parameters: text });
    expect(text).toBe(
      'Quiet Harbour at sunset, soft light\nSeed: 123456789, Size: 240x320, Aspect ratio: 3:4, Model: SDXL',
    );
    const meta = await sharp(Buffer.from(out!)).metadata();
    expect(meta.width).toBe(4);
    expect(meta.comments).toEqual(expect.arrayContaining([{ keyword: 'parameters', text }]));
    const { data } = await sharp(Buffer.from(out!)).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([200, 10, 10]);
  });

  it('keeps a prompt outside Latin-1 whole (iTXt, UTF-8), and a second write replaces the first', async () => {
    const png = new Uint8Array(await redPng());
    const once = withPngText(png, PARAMETERS_KEY, '夕暮れの港\nSeed: 1')!;
    const twice = withPngText(once, PARAMETERS_KEY, 'second')!;
    expect(readPngText(once)).toMatchObject({ parameters: '夕暮れの港\nSeed: 1' });
    expect(readChunks(once)!.some((c) => c.type === 'iTXt')).toBe(true);
    expect(readPngText(twice)).toMatchObject({ parameters: 'second' });
    expect(readChunks(twice)!.filter((c) => c.type === 'tEXt' || c.type === 'iTXt')).toHaveLength(1);
    const meta = await sharp(Buffer.from(once)).metadata();
    expect(meta.comments).toEqual(
      expect.arrayContaining([{ keyword: 'parameters', text: '夕暮れの港\nSeed: 1' }]),
    );
  });

  it('refuses what is not a sound PNG (another format, a truncated file, a broken CRC)', async () => {
    const png = new Uint8Array(await redPng());
    const jpeg = new Uint8Array(await sharp(Buffer.from(png)).jpeg().toBuffer());
    expect(withPngText(jpeg, PARAMETERS_KEY, 'x')).toBeNull();
    expect(withPngText(png.subarray(0, png.length - 5), PARAMETERS_KEY, 'x')).toBeNull();
    const broken = png.slice();
    broken[20] = broken[20]! ^ 0xff;
    expect(withPngText(broken, PARAMETERS_KEY, 'x')).toBeNull();
  });

  it('property: any text reads back as written, and the image data chunks are untouched', async () => {
    const png = new Uint8Array(await redPng());
    const idat = (bytes: Uint8Array) =>
      readChunks(bytes)!
        .filter((c) => c.type === 'IDAT')
        .map((c) => Buffer.from(c.data).toString('hex'));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const out = withPngText(png, PARAMETERS_KEY, text)!;
        expect(readPngText(out)?.[PARAMETERS_KEY]).toBe(text.replaceAll('\0', ''));
        expect(idat(out)).toEqual(idat(png));
      }),
      { numRuns: 60 },
    );
  });
});

describe('downloading a work keeps its generation settings', () => {
  const served = (bytes: Uint8Array, contentType: string) => {
    const scheduler = newScheduler();
    const h = platformStore(scheduler, {
      api: {
        downloadUrl: () =>
          of(E.right({ url: '/download/x?sig=s', expires_at: 1 })).pipe(delay(10, scheduler)),
      },
      fetchRange: () => of({ status: 200, bytes, contentRange: null, contentType }).pipe(delay(5, scheduler)),
    });
    return { scheduler, h };
  };

  it('a PNG is saved once, with the "parameters" text inside', async () => {
    const png = new Uint8Array(await redPng());
    const { scheduler, h } = served(png, 'image/png');
    scheduler.run(({ flush }) => {
      h.store.dispatch(
        downloadImage({ url: '/blobs/community/covers/art-001.png', scene: 'square', generation }),
      );
      flush();
    });
    expect(h.fake.saved.map((f) => [f.name, f.contentType])).toEqual([['art-001.png', 'image/png']]);
    expect(readPngText(h.fake.saved[0]!.bytes)).toMatchObject({ parameters: generationText(generation) });
  });

  it('any other image is saved as it came, with a JSON file of the settings beside it', async () => {
    const jpeg = new Uint8Array(
      await sharp(await redPng())
        .jpeg()
        .toBuffer(),
    );
    const { scheduler, h } = served(jpeg, 'image/jpeg');
    scheduler.run(({ flush }) => {
      h.store.dispatch(downloadImage({ url: '/blobs/works/a.jpg', scene: 'square', generation }));
      flush();
    });
    expect(h.fake.saved.map((f) => [f.name, f.contentType])).toEqual([
      ['a.jpg', 'image/jpeg'],
      ['a.json', 'application/json'],
    ]);
    expect(Buffer.from(h.fake.saved[0]!.bytes).equals(Buffer.from(jpeg))).toBe(true);
    expect(JSON.parse(new TextDecoder().decode(h.fake.saved[1]!.bytes))).toEqual({
      prompt: generation.prompt,
      seed: generation.seed,
      width: 240,
      height: 320,
      aspect_ratio: '3:4',
      model: 'SDXL',
    });
    expect(sidecarName('work')).toBe('work.json');
  });

  it('without settings a PNG is saved byte for byte', async () => {
    const png = new Uint8Array(await redPng());
    const { scheduler, h } = served(png, 'image/png');
    scheduler.run(({ flush }) => {
      h.store.dispatch(downloadImage({ url: '/blobs/a.png', scene: 'square' }));
      flush();
    });
    expect(Buffer.from(h.fake.saved[0]!.bytes).equals(Buffer.from(png))).toBe(true);
  });
});
