import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audio } from '../../../domain/index.js';

const wav = (samples: readonly number[], rate = 22050): Uint8Array => {
  const data = samples.length * 2;
  const b = new Uint8Array(44 + data);
  const v = new DataView(b.buffer);
  [...'RIFF'].forEach((c, i) => (b[i] = c.charCodeAt(0)));
  v.setUint32(4, 36 + data, true);
  [...'WAVEfmt '].forEach((c, i) => (b[8 + i] = c.charCodeAt(0)));
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  [...'data'].forEach((c, i) => (b[36 + i] = c.charCodeAt(0)));
  v.setUint32(40, data, true);
  samples.forEach((s, i) => v.setInt16(44 + i * 2, Math.round(s * 32767), true));
  return b;
};

describe('spec §9: 23 audio languages, 15 instrumental and 15 vocal random presets', () => {
  it('lists 23 distinct languages and 15 + 15 presets of valid categories; vocal ones have a voice', () => {
    expect(new Set(audio.AUDIO_LANGUAGES).size).toBe(audio.AUDIO_LANGUAGE_COUNT);
    expect(audio.INSTRUMENTAL_PRESETS).toHaveLength(audio.INSTRUMENTAL_PRESET_COUNT);
    expect(audio.VOCAL_PRESETS).toHaveLength(audio.VOCAL_PRESET_COUNT);
    const S = audio.SONG_STYLE_CATEGORIES;
    for (const p of [...audio.INSTRUMENTAL_PRESETS, ...audio.VOCAL_PRESETS]) {
      expect(S.style).toContain(p.style);
      expect(S.emotion).toContain(p.emotion);
      expect(S.instrument).toContain(p.instrument);
    }
    expect(audio.INSTRUMENTAL_PRESETS.every((p) => p.voice === null)).toBe(true);
    expect(audio.VOCAL_PRESETS.every((p) => p.voice !== null)).toBe(true);
    const ids = [...audio.INSTRUMENTAL_PRESETS, ...audio.VOCAL_PRESETS].map((p) => p.id);
    expect(new Set(ids).size).toBe(30);
  });
  it('property: any random number picks a preset of its kind; every preset can be picked', () => {
    fc.assert(
      fc.property(fc.double(), fc.constantFrom<audio.PresetKind>('instrumental', 'vocal'), (r, kind) => {
        expect(audio.presetsOf(kind)).toContain(audio.pickPreset(kind, r));
      }),
    );
    const picked = new Set(
      Array.from({ length: 15 }, (_, i) => audio.pickPreset('vocal', (i + 0.5) / 15).id),
    );
    expect(picked.size).toBe(15);
  });
});

describe('reading the streamed WAV (start, chunks in order, end)', () => {
  it('parses the header and reads samples and one peak per chunk across boundaries', () => {
    const file = wav([0, 0.5, -1, 0.25, 0.1, -0.2]);
    const format = audio.parseWavHeader(file.subarray(0, 44))!;
    expect(format).toEqual({ sampleRate: 22050, channels: 1, bitsPerSample: 16, dataOffset: 44 });
    expect(audio.parseWavHeader(file.subarray(0, 30))).toBeNull();
    expect(audio.parseWavHeader(new Uint8Array(50))).toBeNull();
    const first = file.subarray(0, 50);
    const second = file.subarray(50);
    expect(audio.chunkPeak(first, 0, format)).toBeCloseTo(1, 3);
    expect(audio.chunkPeak(second, 50, format)).toBeCloseTo(0.25, 3);
    expect(
      Array.from(audio.pcm16ToFloats(file.subarray(44, 48))).map((x) => Math.round(x * 100) / 100),
    ).toEqual([0, 0.5]);
    expect(audio.downsamplePeaks([0.1, 0.9, 0.2, 0.3], 2)).toEqual([0.9, 0.3]);
  });
});
