import fc from 'fast-check';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import {
  AwardTaskPush,
  DownloadUrlRequest,
  DownloadUrlResponse,
  EDITOR_MAX_ITEMS,
  EditorProjectCreateRequest,
  EditorProjectDetailRequest,
  EditorProjectResponse,
  EditorSaveRequest,
  EditorSaveResponse,
  JsonValue,
  PushConfigResponse,
  PushEnvelope,
  PushTokenRequest,
  PushTokenResponse,
  ClipInfo,
  SENSITIVE_MAX_ITEMS,
  SensitiveCheckRequest,
  SensitiveCheckResponse,
} from '../../../infrastructure/contract/platform';

/** Values as they travel: through JSON (so -0 is 0 and no undefined fields remain). */
const wire = <A>(arb: fc.Arbitrary<A>): fc.Arbitrary<A> => arb.map((v) => JSON.parse(JSON.stringify(v)) as A);

const str = (min: number, max: number) => fc.string({ minLength: min, maxLength: max });
const num = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
const int = fc.integer({ min: 0, max: 2 ** 40 });
const ratio = fc.constantFrom('21:9', '16:9', '4:3', '1:1', '3:4', '9:16' as const);
/** Valid editor JSON: no `__proto__` key at any depth (the contract refuses it, tested below). */
const hasProtoKey = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  (Object.keys(v).includes('__proto__') || Object.values(v).some(hasProtoKey));
const json = fc
  .jsonValue({ maxDepth: 3 })
  .map((v) => JSON.parse(JSON.stringify(v)) as JsonValue)
  .filter((v) => !hasProtoKey(v));
const clipInfo = fc.dictionary(
  str(0, 8).filter((k) => k !== '__proto__'),
  json,
  { maxKeys: 4 },
);

const audio = fc.record({
  clip_info: clipInfo,
  duraction: num,
  material_id: str(0, 64),
  offset: num,
  url: str(0, 100),
  title: str(0, 200),
  isMute: fc.boolean(),
  id: str(1, 64),
});
const storyboard = fc.record({
  clip_info: clipInfo,
  duraction: num,
  material_id: str(0, 64),
  url: str(0, 100),
  type: fc.constantFrom(8 as const, 2 as const),
  index: num,
  start: num,
  end: num,
  id: str(1, 64),
  offset: num,
});
const editorInfo = fc.record({
  audios: fc.array(audio, { maxLength: 3 }),
  storyboards: fc.array(storyboard, { maxLength: 3 }),
});

const roundTrips = <A, O>(codec: t.Type<A, O, unknown>, arb: fc.Arbitrary<A>) =>
  fc.assert(
    fc.property(wire(arb), (value) => {
      const decoded = codec.decode(JSON.parse(JSON.stringify(codec.encode(value))));
      expect(E.isRight(decoded) && decoded.right).toEqual(value);
    }),
    { numRuns: 150 },
  );

describe('platform contract codecs round-trip (arbitrary → encode → JSON → decode)', () => {
  it('sensitive-word check', () => {
    roundTrips(
      SensitiveCheckRequest,
      fc.record({
        items: fc.array(
          fc.record({
            texts: fc.array(fc.record({ text: str(0, 50), category: str(1, 64) }), { maxLength: 5 }),
          }),
          { maxLength: 5 },
        ),
        ss: str(1, 64),
      }),
    );
    roundTrips(
      SensitiveCheckResponse,
      fc.record({ has_sensitive_word: fc.boolean(), sensitive_categories: fc.array(fc.string()) }),
    );
  });

  it('download url resolver', () => {
    roundTrips(DownloadUrlRequest, fc.record({ url: str(1, 300), scene: str(1, 64) }));
    roundTrips(DownloadUrlResponse, fc.record({ url: fc.string(), expires_at: int }));
  });

  it('drops a __proto__ key anywhere in editor JSON and keeps the rest (found by the round-trip property, seed 367407081)', () => {
    const decoded = ClipInfo.decode(
      JSON.parse('{"keep":1,"__proto__":{"polluted":true},"a":[{"__proto__":0,"b":2}]}'),
    );
    if (E.isLeft(decoded)) throw new Error('decode failed');
    expect(decoded.right).toEqual({ keep: 1, a: [{ b: 2 }] });
    expect(Object.getPrototypeOf(decoded.right)).toBe(Object.prototype);
    expect(Object.keys(decoded.right)).toEqual(['keep', 'a']);
    // Encoded and sent again, the value is what was decoded.
    expect(JSON.parse(JSON.stringify(ClipInfo.encode(decoded.right)))).toEqual({ keep: 1, a: [{ b: 2 }] });
  });

  it('editor projects', () => {
    roundTrips(EditorProjectCreateRequest, fc.record({ cover: str(0, 300), workspace_name: str(0, 100) }));
    roundTrips(EditorProjectDetailRequest, fc.record({ id: str(1, 64) }));
    roundTrips(
      EditorSaveRequest,
      fc.record({
        canvas: fc.record({ aspect_ratio: ratio }),
        editor_info: editorInfo,
        workspace_id: str(1, 64),
        id: str(1, 64),
      }),
    );
    roundTrips(
      EditorProjectResponse,
      fc.record({
        project: fc.record({
          id: fc.string(),
          workspace_id: fc.string(),
          workspace_name: fc.string(),
          cover: fc.string(),
          canvas: fc.record({ aspect_ratio: ratio }),
          editor_info: editorInfo,
          version: int,
          created_at: int,
          updated_at: int,
        }),
      }),
    );
    roundTrips(EditorSaveResponse, fc.record({ id: fc.string(), version: int, updated_at: int }));
  });

  it('push', () => {
    roundTrips(PushConfigResponse, fc.record({ vapid_public_key: fc.string() }));
    roundTrips(PushTokenRequest, fc.record({ token: str(1, 300) }));
    roundTrips(PushTokenResponse, fc.record({ registered: fc.boolean() }));
    roundTrips(
      AwardTaskPush,
      fc.record(
        {
          type: fc.constant('award_task' as const),
          title: fc.string(),
          link: fc.string(),
          body: fc.string(),
        },
        { requiredKeys: ['type', 'title', 'link'] },
      ),
    );
    roundTrips(PushEnvelope, fc.record({ source: fc.constant('atelier-push' as const), payload: json }));
  });

  it('bounded fields refuse what the server refuses: too many items, NaN-free numbers, empty ids, unknown ratios', () => {
    const text = { text: 'x', category: 'title' };
    expect(
      E.isLeft(
        SensitiveCheckRequest.decode({
          ss: 'post',
          items: Array.from({ length: SENSITIVE_MAX_ITEMS + 1 }, () => ({ texts: [text] })),
        }),
      ),
    ).toBe(true);
    expect(
      E.isRight(
        SensitiveCheckRequest.decode({
          ss: 'post',
          items: Array.from({ length: SENSITIVE_MAX_ITEMS }, () => ({ texts: [text] })),
        }),
      ),
    ).toBe(true);
    const save = {
      canvas: { aspect_ratio: '16:9' },
      editor_info: { audios: [], storyboards: [] },
      workspace_id: 'w',
      id: 'p',
    };
    expect(E.isRight(EditorSaveRequest.decode(save))).toBe(true);
    expect(E.isLeft(EditorSaveRequest.decode({ ...save, id: '' }))).toBe(true);
    expect(E.isLeft(EditorSaveRequest.decode({ ...save, canvas: { aspect_ratio: '2:1' } }))).toBe(true);
    const a = {
      clip_info: {},
      duraction: Number.NaN,
      material_id: '',
      offset: 0,
      url: '',
      title: '',
      isMute: false,
      id: 'a',
    };
    expect(
      E.isLeft(EditorSaveRequest.decode({ ...save, editor_info: { audios: [a], storyboards: [] } })),
    ).toBe(true);
    const many = Array.from({ length: EDITOR_MAX_ITEMS + 1 }, (_, i) => ({
      ...a,
      duraction: 1,
      id: `a${i}`,
    }));
    expect(
      E.isLeft(EditorSaveRequest.decode({ ...save, editor_info: { audios: many, storyboards: [] } })),
    ).toBe(true);
    expect(E.isLeft(JsonValue.decode({ a: [1, { b: () => 1 }] }))).toBe(true);
  });
});
