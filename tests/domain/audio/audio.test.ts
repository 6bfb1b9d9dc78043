import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayWith, stamp, type DomainEvent, type UnstampedEvent } from '../../../domain/index.js';
import * as audio from '../../../domain/audio/index.js';
import { givenIn } from '../../support/context-spec.js';

const given = givenIn(audio.audioContext);
const id = 'st1';
const b64 = (bytes: readonly number[]) => Buffer.from(bytes).toString('base64');
const start = audio.streamStarted({ streamId: id });
const chunk = (index: number, audioData = b64([index, index + 1, 250])) =>
  audio.chunkReceived({ streamId: id, index, audioData });
const evolve = audio.audioContext.evolve as unknown as (
  s: audio.AudioStreamState,
  e: DomainEvent,
) => audio.AudioStreamState;
const stampAll = (events: readonly UnstampedEvent[]) => events.map((e, i) => stamp(e, i + 1, 1000 * (i + 1)));
const fold = (events: readonly UnstampedEvent[]) =>
  stampAll(events).reduce(evolve, audio.audioContext.initialState);

describe('audio stream (spec §4 "start, chunks in order, end. Status values: start, paused, over, error")', () => {
  it('given a started stream, when chunks arrive in order and it ends, then it is over with the chunks joined', () => {
    const { state, violation } = given(start).when(
      chunk(0, b64([1, 2])),
      chunk(1, b64([3])),
      audio.streamEnded({ streamId: id }),
    );
    expect(violation).toBeNull();
    expect(audio.selectAudioStatus(state)).toBe('over');
    expect(Array.from(audio.selectFinishedAudio(state) ?? [])).toEqual([1, 2, 3]);
  });

  it('pauses and resumes playback, still taking chunks while paused', () => {
    const g = given(start, chunk(0), audio.streamPaused({ streamId: id }));
    expect(audio.selectAudioStatus(g.state)).toBe('paused');
    expect(audio.selectIsPlaying(g.state)).toBe(false);
    const { state } = g.when(
      chunk(1),
      audio.streamPaused({ streamId: id }),
      audio.streamResumed({ streamId: id }),
      audio.streamResumed({ streamId: id }),
    );
    expect(audio.selectAudioStatus(state)).toBe('start');
    expect(audio.selectChunkCount(state)).toBe(2);
  });

  it('a chunk out of order ends in error (spec §8 "audio stream error sets status error")', () => {
    const { state } = given(start, chunk(0)).when(chunk(2));
    expect(state).toMatchObject({ status: 'error', reasonKey: audio.AUDIO_CHUNK_OUT_OF_ORDER });
    expect(audio.selectAudioErrorKey(state)).toBe(audio.AUDIO_CHUNK_OUT_OF_ORDER);
    expect(audio.selectFinishedAudio(state)).toBeNull();
  });

  it('a duplicate chunk ends in error', () => {
    expect(given(start, chunk(0)).when(chunk(0)).state.status).toBe('error');
  });

  it('a malformed chunk ends in error', () => {
    const { state } = given(start).when(chunk(0, 'not base64!'));
    expect(state).toMatchObject({ status: 'error', reasonKey: audio.AUDIO_CHUNK_MALFORMED, chunks: [] });
  });

  it('a server failure ends in error with its reason', () => {
    const { state } = given(start).when(
      audio.streamFailed({ streamId: id, reasonKey: 'errors.audioStream' }),
    );
    expect(audio.selectAudioErrorKey(state)).toBe('errors.audioStream');
  });

  it('after over or error no event of that stream changes state; a new stream id starts afresh', () => {
    for (const end of [
      audio.streamEnded({ streamId: id }),
      audio.streamFailed({ streamId: id, reasonKey: 'x' }),
    ]) {
      const g = given(start, chunk(0), end);
      expect(
        g.when(chunk(1), start, audio.streamResumed({ streamId: id }), audio.streamEnded({ streamId: id }))
          .state,
      ).toBe(g.state);
      expect(g.when(audio.streamStarted({ streamId: 'st2' })).state).toEqual({
        status: 'start',
        streamId: 'st2',
        chunks: [],
      });
    }
  });

  it('ignores events of another stream and of no stream; a new stream replaces an unfinished one', () => {
    const idle = given();
    expect(idle.when(chunk(0), audio.streamEnded({ streamId: id })).state).toBe(idle.state);
    expect(audio.selectChunkCount(idle.state)).toBe(0);
    const g = given(start, chunk(0));
    expect(g.when(audio.chunkReceived({ streamId: 'old', index: 1, audioData: 'AAAA' })).state).toBe(g.state);
    expect(g.when(start).state).toBe(g.state);
    expect(g.when(audio.streamStarted({ streamId: 'st2' })).state).toEqual({
      status: 'start',
      streamId: 'st2',
      chunks: [],
    });
  });
});

describe('audio chunk check (brief "audioData base64 validated by a pure check")', () => {
  it('accepts standard padded base64 and refuses the rest', () => {
    for (const ok of ['AAAA', 'AQI=', 'AQ==', b64([255, 254, 253, 0])])
      expect(audio.isValidBase64(ok)).toBe(true);
    for (const bad of ['', 'AAA', 'A===', 'AQ=A', '-_-_', 'AA AA', '===='])
      expect(audio.isValidBase64(bad)).toBe(false);
    expect(audio.decodeBase64('!!!!')).toBeNull();
  });
  it('property: decoding equals the platform decoder for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64');
        expect(audio.isValidBase64(text)).toBe(true);
        expect(Array.from(audio.decodeBase64(text) ?? [])).toEqual(Array.from(bytes));
      }),
    );
  });
});

describe('audio stream laws', () => {
  const chunksArb = fc.array(fc.uint8Array({ minLength: 1, maxLength: 12 }), { maxLength: 12 });
  it('property: any in-order chunk sequence followed by end reaches over with all chunks joined in order', () => {
    fc.assert(
      fc.property(chunksArb, fc.array(fc.boolean(), { maxLength: 12 }), (parts, pauses) => {
        const events: UnstampedEvent[] = [start];
        parts.forEach((p, i) => {
          if (pauses[i]) events.push(audio.streamPaused({ streamId: id }));
          events.push(chunk(i, b64(Array.from(p))));
          if (pauses[i]) events.push(audio.streamResumed({ streamId: id }));
        });
        const state = fold([...events, audio.streamEnded({ streamId: id })]);
        expect(state.status).toBe('over');
        expect(Array.from(audio.selectFinishedAudio(state) ?? [])).toEqual(
          parts.flatMap((p) => Array.from(p)),
        );
      }),
    );
  });

  it('property: any out-of-order or duplicate chunk ends in error, and the end that follows changes nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 20 }), (good, wrong) => {
        fc.pre(wrong !== good);
        const events = [start, ...Array.from({ length: good }, (_x, i) => chunk(i)), chunk(wrong)];
        const failed = fold(events);
        expect(failed).toMatchObject({ status: 'error', reasonKey: audio.AUDIO_CHUNK_OUT_OF_ORDER });
        expect(fold([...events, chunk(good), audio.streamEnded({ streamId: id })])).toEqual(failed);
      }),
    );
  });

  const eventArb: fc.Arbitrary<UnstampedEvent> = fc.oneof(
    fc.constantFrom('st1', 'st2').map((streamId) => audio.streamStarted({ streamId })),
    fc
      .record({
        streamId: fc.constantFrom('st1', 'st2'),
        index: fc.integer({ min: 0, max: 4 }),
        audioData: fc.oneof(
          fc.constantFrom('AAAA', 'AQ==', 'bad', ''),
          fc.uint8Array({ minLength: 1, maxLength: 4 }).map((b) => b64(Array.from(b))),
        ),
      })
      .map(audio.chunkReceived),
    fc.constantFrom('st1', 'st2').map((streamId) => audio.streamPaused({ streamId })),
    fc.constantFrom('st1', 'st2').map((streamId) => audio.streamResumed({ streamId })),
    fc.constantFrom('st1', 'st2').map((streamId) => audio.streamEnded({ streamId })),
    fc
      .constantFrom('st1', 'st2')
      .map((streamId) => audio.streamFailed({ streamId, reasonKey: 'errors.audioStream' })),
  );

  it('property: terminal states absorb every event of their stream', () => {
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 20 }),
        fc.array(eventArb, { maxLength: 20 }),
        (prefix, rest) => {
          const s = fold(prefix);
          fc.pre(s.status === 'over' || s.status === 'error');
          const sameStream = rest.filter(
            (e) => (e.payload as { streamId: string }).streamId === (s as { streamId: string }).streamId,
          );
          expect(fold([...prefix, ...sameStream])).toEqual(s);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: folding a random event sequence from scratch equals applying it step by step', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        const stamped = stampAll(events);
        let s = audio.audioContext.initialState;
        for (const e of stamped) s = evolve(s, e);
        expect(replayWith(evolve, [], audio.audioContext.initialState, stamped).state).toEqual(s);
      }),
    );
  });

  it('property: invariants hold after every event of a random sequence', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        expect(
          replayWith(evolve, audio.audioInvariants, audio.audioContext.initialState, stampAll(events))
            .violation,
        ).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it('the invariants name a changed finished stream and rewritten or malformed chunks', () => {
    const e = stamp(start, 1, 1);
    const over: audio.AudioStreamState = { status: 'over', streamId: 'a', chunks: ['AAAA'] };
    expect(audio.terminalAbsorbs.check(over, { ...over, chunks: [] }, e)).toBe(
      'finished stream a changed after over',
    );
    const live = (chunks: string[]): audio.AudioStreamState => ({ status: 'start', streamId: 'a', chunks });
    expect(audio.chunksOnlyGrow.check(live(['AAAA']), live(['AQ==']), e)).toBe(
      'chunks of stream a were rewritten',
    );
    expect(audio.chunksOnlyGrow.check(live([]), live(['zz']), e)).toBe('chunk 0 of stream a is not base64');
  });
});

describe('voice creation form (spec §5 "required: cover, gender, age, language, tone, name, text ... and an audio file")', () => {
  const valid: audio.VoiceForm = {
    cover: '/blobs/cover.png',
    gender: 'female',
    age: 'young',
    langs: ['en'],
    tones: ['warm'],
    name: 'Narrator',
    text: 'Hello, world! 你好，世界。 ¿Qué tal? 100% ✓ — "quoted" #1\nnew line',
    tag: null,
    publishStatus: null,
    audios: [{ url: '/blobs/a.wav', name: 'a.wav', duration: 12 }],
  };
  it('accepts a complete form; tag and publish status are optional', () => {
    expect(audio.validateVoiceForm(valid)).toEqual([]);
    expect(audio.isVoiceFormValid({ ...valid, tag: ['calm'], publishStatus: 1 })).toBe(true);
  });
  it('names every missing required field', () => {
    const empty: audio.VoiceForm = {
      ...valid,
      cover: null,
      gender: null,
      age: '',
      langs: [],
      tones: [],
      name: ' ',
      text: '',
      audios: [],
    };
    expect(audio.validateVoiceForm(empty).map((e) => e.field)).toEqual([
      'cover',
      'gender',
      'age',
      'langs',
      'tones',
      'name',
      'text',
      'audios',
    ]);
    expect(new Set(audio.validateVoiceForm(empty).map((e) => e.messageKey))).toEqual(
      new Set([audio.VOICE_FIELD_REQUIRED]),
    );
  });
  it('gives the audio text error for characters outside the allowed printable/symbol set', () => {
    for (const bad of ['zero\u200bwidth', 'bell\u0007', 'rtl\u202emark', 'private\ue000use']) {
      expect(audio.validateVoiceForm({ ...valid, text: bad })).toEqual([
        { field: 'text', messageKey: audio.AUDIO_TEXT_ERROR },
      ]);
    }
  });
  it('property: text made of letters, digits, punctuation and spaces is always allowed', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 .,!?'"()\-:;]{1,40}$/), (text) => {
        expect(audio.isAllowedVoiceText(text)).toBe(true);
      }),
    );
  });
});

describe('audio list limit (spec §5 "an audio list beyond the upload limit replaces the first file")', () => {
  it('appends below the limit and replaces the first file at the limit', () => {
    expect(audio.addAudio(['a'], 'b', 2)).toEqual(['a', 'b']);
    expect(audio.addAudio(['a', 'b'], 'c', 2)).toEqual(['c', 'b']);
    expect(audio.addAudio(['a', 'b', 'c'], 'd', 2)).toEqual(['d', 'b']);
    expect(audio.addAudio(['a'], 'b', 0)).toEqual(['b']);
    expect(audio.addAudio([], 'b', Number.NaN)).toEqual(['b']);
  });
  it('property: the list never exceeds the limit and always holds the new file', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), fc.integer({ min: -2, max: 8 }), (list, limit) => {
        const next = audio.addAudio(list, -1, limit);
        expect(next.length).toBeLessThanOrEqual(Math.max(1, limit));
        expect(next).toContain(-1);
        if (list.length < Math.max(1, limit)) expect(next).toEqual([...list, -1]);
        else expect(next[0]).toBe(-1);
      }),
    );
  });
});

describe('audio constants (spec §9 "Audio and song")', () => {
  it('lists the seven emotions, the four song style categories and the counts', () => {
    expect(audio.AUDIO_EMOTIONS).toEqual([
      'happy',
      'sad',
      'angry',
      'fearful',
      'disgusted',
      'surprised',
      'neutral',
    ]);
    expect(Object.keys(audio.SONG_STYLE_CATEGORIES)).toEqual(['style', 'emotion', 'voice', 'instrument']);
    expect(audio.SONG_STYLE_CATEGORIES.style).toHaveLength(10);
    expect(audio.SONG_STYLE_CATEGORIES.emotion).toHaveLength(10);
    expect(audio.SONG_STYLE_CATEGORIES.voice).toEqual(['female', 'male']);
    expect(audio.SONG_STYLE_CATEGORIES.instrument).toContain('electricGuitar');
    expect([audio.AUDIO_LANGUAGE_COUNT, audio.INSTRUMENTAL_PRESET_COUNT, audio.VOCAL_PRESET_COUNT]).toEqual([
      23, 15, 15,
    ]);
  });
});

describe('audio file name (spec §9 "AI_Audio_{date}_{time}, extension by detected type (aac default, mp3, wav)")', () => {
  const at = Date.UTC(2025, 4, 8, 9, 5, 7);
  it('uses UTC YYYYMMDD and HHmmss and detects the container from magic bytes', () => {
    expect(audio.audioFileName(at, [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45])).toBe(
      'AI_Audio_20250508_090507.wav',
    );
    expect(audio.audioFileName(at, [0x49, 0x44, 0x33, 4])).toBe('AI_Audio_20250508_090507.mp3');
    expect(audio.audioFileName(at, [0xff, 0xfb, 0x90])).toBe('AI_Audio_20250508_090507.mp3');
    expect(audio.audioFileName(at, [0xff, 0xf1, 0x50])).toBe('AI_Audio_20250508_090507.aac');
    expect(audio.audioFileName(at, [])).toBe('AI_Audio_20250508_090507.aac');
    expect(audio.audioFileName(at, [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x41, 0x56, 0x49, 0x20])).toBe(
      'AI_Audio_20250508_090507.aac',
    );
  });
  it('property: the name always has the fixed shape and one of the three extensions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4102444800000 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 16 }),
        (ms, bytes) => {
          expect(audio.audioFileName(ms, bytes)).toMatch(/^AI_Audio_\d{8}_\d{6}\.(aac|mp3|wav)$/);
        },
      ),
    );
  });
});
