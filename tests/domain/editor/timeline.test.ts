import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editor } from '../../../domain/index.js';

const clip = (id: string, kind: 'video' | 'image', d: number | null, index: number) =>
  editor.newStoryboardItem({ id, url: `/${id}`, kind, durationS: d, materialId: id, title: id }, index);

describe('video editor timeline (spec §3 storyboard items: type 8 video, 2 image; start, end, index)', () => {
  it('makes video clips of their length and image clips of 3 s, untrimmed', () => {
    expect(clip('v', 'video', 6.5, 0)).toMatchObject({
      type: 8,
      duraction: 6.5,
      start: 0,
      end: 6.5,
      index: 0,
    });
    expect(clip('i', 'image', null, 1)).toMatchObject({ type: 2, duraction: 3, start: 0, end: 3, index: 1 });
  });

  it('reorders: the moved clip lands at its new place, indexes renumbered', () => {
    const list = [clip('a', 'image', null, 0), clip('b', 'image', null, 1), clip('c', 'image', null, 2)];
    const moved = editor.moveClip(list, 0, 2);
    expect(moved.map((c) => [c.id, c.index])).toEqual([
      ['b', 0],
      ['c', 1],
      ['a', 2],
    ]);
    expect(editor.moveClip(list, 2, -5).map((c) => c.id)).toEqual(['c', 'a', 'b']);
  });

  it('property: a move keeps the same clips, indexes 0..n-1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer(), fc.integer(), (n, from, to) => {
        const list = Array.from({ length: n }, (_, i) => clip(`c${i}`, 'image', null, i));
        const moved = editor.moveClip(list, from % n, to % n);
        const clamp = (x: number) => Math.min(n - 1, Math.max(0, x % n));
        expect(moved.map((c) => c.index)).toEqual(list.map((_, i) => i));
        // The moved clip is where it was asked to go, and the others keep their order.
        expect(moved[clamp(to)]!.id).toBe(list[clamp(from)]!.id);
        const rest = list.filter((_, i) => i !== clamp(from)).map((c) => c.id);
        expect(moved.filter((_, i) => i !== clamp(to)).map((c) => c.id)).toEqual(rest);
        expect([...moved.map((c) => c.id)].sort()).toEqual([...list.map((c) => c.id)].sort());
      }),
    );
  });

  it('trims within the material, keeping at least 0.5 s; an image stretches its material', () => {
    const v = clip('v', 'video', 10, 0);
    expect(editor.trimClip(v, 2, 5)).toMatchObject({ start: 2, end: 5, duraction: 10 });
    expect(editor.trimClip(v, -3, 40)).toMatchObject({ start: 0, end: 10 });
    expect(editor.trimClip(v, 9.9, 1)).toMatchObject({ start: 9.5, end: 10 });
    expect(editor.trimClip(clip('i', 'image', null, 0), 0, 8)).toMatchObject({
      start: 0,
      end: 8,
      duraction: 8,
    });
  });

  it('property: any trim leaves 0 <= start < end <= duraction', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 100, noNaN: true }),
        fc.double({ noNaN: true }),
        fc.double({ noNaN: true }),
        (d, s, e) => {
          const t = editor.trimClip(clip('v', 'video', d, 0), s, e);
          expect(t.start).toBeGreaterThanOrEqual(0);
          expect(t.end).toBeGreaterThan(t.start);
          expect(t.end).toBeLessThanOrEqual(t.duraction + 1e-9);
        },
      ),
    );
  });

  it('the preview shows the clip at the playhead, at its trimmed moment; audio by offset, muted ones silent', () => {
    const a = editor.trimClip(clip('a', 'video', 10, 0), 2, 4);
    const b = clip('b', 'image', null, 1);
    expect(editor.clipAt([b, a], 1)).toMatchObject({ item: { id: 'a' }, position: 0, materialTime: 3 });
    expect(editor.clipAt([a, b], 2.5)).toMatchObject({ item: { id: 'b' }, startsAt: 2, materialTime: 0.5 });
    expect(editor.clipAt([a, b], 5)).toBeNull();
    const track = editor.setAudioOffset(
      editor.newAudioItem({ id: 's', url: '/s', durationS: 4, materialId: 's', title: 'song' }),
      1,
    );
    expect(editor.audiosAt([track], 0.5)).toEqual([]);
    expect(editor.audiosAt([track], 2)).toEqual([{ item: track, trackTime: 1 }]);
    expect(editor.audiosAt([editor.toggleMute(track)], 2)).toEqual([]);
    expect(editor.setAudioOffset(track, -4).offset).toBe(0);
    expect(editor.timelineDuration([a, b], [track])).toBe(5);
  });
});
