/** Spec §5 "the EXIF segment is stripped": the byte-level JPEG metadata stripper. */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exifOrientation, stripJpegMetadata } from '../../../infrastructure/uploads/jpeg';
import { exifPayload, jpegWith, segment } from './jpegFixtures';

const concat = (...parts: (readonly number[])[]) => Uint8Array.from(parts.flat());
const SOI = [0xff, 0xd8];
const SOS_AND_SCAN = [
  ...segment(0xda, [1, 1, 0, 0, 0x3f, 0]),
  0x11,
  0xff,
  0x00,
  0xe1,
  0xff,
  0xd7,
  0x22,
  0xff,
  0xd9,
];

describe('stripJpegMetadata', () => {
  it('drops the EXIF and XMP APP1 segments and keeps every other byte in order', () => {
    const { withExif, withoutExif } = jpegWith({ orientation: 1, xmp: true });
    const r = stripJpegMetadata(withExif);
    expect(r).toMatchObject({ kind: 'stripped', removedSegments: 2, orientation: 1 });
    expect(r.kind === 'stripped' && r.bytes).toEqual(withoutExif);
  });

  it('reads the orientation in both byte orders, and null when the tag is absent', () => {
    for (const order of ['II', 'MM'] as const)
      for (const o of [1, 3, 6, 8]) expect(exifOrientation(Uint8Array.from(exifPayload(o, order)))).toBe(o);
    expect(exifOrientation(Uint8Array.from(exifPayload(null)))).toBeNull();
    expect(
      exifOrientation(Uint8Array.from([...'http://ns.adobe.com/xap/1.0/'].map((c) => c.charCodeAt(0)))),
    ).toBeNull();
    expect(stripJpegMetadata(jpegWith({ orientation: 6, order: 'II' }).withExif)).toMatchObject({
      orientation: 6,
    });
  });

  it('returns the input itself when there is nothing to strip', () => {
    const { withoutExif } = jpegWith({ orientation: null });
    const r = stripJpegMetadata(withoutExif);
    expect(r).toMatchObject({ kind: 'stripped', removedSegments: 0, orientation: null });
    expect(r.kind === 'stripped' && r.bytes).toBe(withoutExif);
  });

  it('copies the entropy-coded data after SOS untouched, even bytes that look like APP1 markers', () => {
    const bytes = concat(SOI, segment(0xe1, exifPayload(1)), SOS_AND_SCAN);
    const r = stripJpegMetadata(bytes);
    expect(r.kind === 'stripped' && r.bytes).toEqual(concat(SOI, SOS_AND_SCAN));
  });

  it('accepts fill bytes before a marker and standalone markers', () => {
    const bytes = concat(
      SOI,
      [0xff, 0xff],
      segment(0xe1, exifPayload(1)),
      [0xff, 0x01],
      segment(0xfe, [0x41]),
      SOS_AND_SCAN,
    );
    const r = stripJpegMetadata(bytes);
    expect(r.kind === 'stripped' && r.bytes).toEqual(
      concat(SOI, [0xff, 0x01], segment(0xfe, [0x41]), SOS_AND_SCAN),
    );
  });

  it('says notJpeg for other files and malformed for broken headers, never throwing', () => {
    expect(stripJpegMetadata(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toEqual({ kind: 'notJpeg' });
    expect(stripJpegMetadata(new Uint8Array(0))).toEqual({ kind: 'notJpeg' });
    const { withExif } = jpegWith({ orientation: 1 });
    expect(stripJpegMetadata(withExif.subarray(0, 30))).toEqual({ kind: 'malformed' });
    expect(stripJpegMetadata(concat(SOI, [0xff, 0xe1, 0x00, 0x01]))).toEqual({ kind: 'malformed' });
    expect(stripJpegMetadata(concat(SOI, [0x12, 0x34]))).toEqual({ kind: 'malformed' });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (tail) => {
        expect(() => stripJpegMetadata(concat(SOI, [...tail]))).not.toThrow();
      }),
    );
  });

  it('property: the output is the input without its APP1 segments, and stripping twice changes nothing more', () => {
    const seg = fc
      .tuple(
        fc.constantFrom(0xe0, 0xe1, 0xe2, 0xed, 0xdb, 0xc4, 0xfe, 0xe1),
        fc.uint8Array({ maxLength: 40 }),
      )
      .map(([marker, payload]) => ({ marker, bytes: segment(marker, [...payload]) }));
    fc.assert(
      fc.property(fc.array(seg, { maxLength: 12 }), (segments) => {
        const input = concat(SOI, ...segments.map((s) => s.bytes), SOS_AND_SCAN);
        const expected = concat(
          SOI,
          ...segments.filter((s) => s.marker !== 0xe1).map((s) => s.bytes),
          SOS_AND_SCAN,
        );
        const once = stripJpegMetadata(input);
        expect(once.kind).toBe('stripped');
        if (once.kind !== 'stripped') return;
        expect(once.bytes).toEqual(expected);
        expect(once.removedSegments).toBe(segments.filter((s) => s.marker === 0xe1).length);
        const twice = stripJpegMetadata(once.bytes);
        expect(twice).toMatchObject({ kind: 'stripped', removedSegments: 0 });
        expect(twice.kind === 'stripped' && twice.bytes).toEqual(expected);
      }),
    );
  });
});
