/**
 * Round-trip properties of the upload codecs (infrastructure/contract/uploads.ts): every value
 * an arbitrary builds encodes and decodes to itself, the brands reject what their predicates
 * refuse, and no JSON value makes a decoder throw.
 */
import * as fc from 'fast-check';
import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import {
  AudioFileConfirmRequest,
  AudioFileConfirmResponse,
  AudioPreConfigRequest,
  AudioPreConfigResponse,
  ByteSize,
  Category,
  ChunkCheckRequest,
  ChunkCheckResponse,
  ChunkPutResponse,
  ChunkSignRequest,
  ChunkSignResponse,
  ContentMd5,
  ContentType,
  FieldName,
  FileConfirmRequest,
  FileConfirmResponse,
  FileId,
  FileName,
  GuestFieldsResponse,
  GuestFieldsSaveRequest,
  HashVal,
  ImageConfirmRequest,
  ImageConfirmResponse,
  UploadConfigRequest,
  UploadConfigResponse,
  UploadPreSignRequest,
  UploadPreSignResponse,
} from '../../../infrastructure/contract/uploads';

const branded = <A>(codec: t.Type<A, unknown, unknown>, raw: fc.Arbitrary<unknown>): fc.Arbitrary<A> =>
  raw.filter((v) => codec.is(v)).map((v) => v as A);

const byteSize = branded(ByteSize, fc.maxSafeNat());
const fileName = branded(
  FileName,
  fc.oneof(
    fc.string({ minLength: 1, maxLength: 255 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
  ),
);
const contentType = branded(
  ContentType,
  fc.stringMatching(/^[A-Za-z0-9][\w.+-]{0,20}\/[A-Za-z0-9][\w.+-]{0,30}$/),
);
const category = branded(Category, fc.integer({ min: 0, max: 999 }));
const hashVal = branded(HashVal, fc.stringMatching(/^[0-9a-fA-F]{64}$/));
const fileId = branded(FileId, fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/));
const contentMd5 = branded(
  ContentMd5,
  fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString('base64')),
);
const fieldName = branded(FieldName, fc.stringMatching(/^[A-Za-z0-9_.-]{1,64}$/));
// JSON has no -0 (it arrives as 0): the wire cannot carry it, so the arbitrary does not make it.
const num = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x)),
);
const nullableNum = fc.option(num, { nil: null });
const nullableStr = fc.option(fc.string(), { nil: null });

const roundTrips = <A, O>(codec: t.Type<A, O, unknown>, arb: fc.Arbitrary<A>) =>
  fc.assert(
    fc.property(arb, (value) => {
      const decoded = codec.decode(JSON.parse(JSON.stringify(codec.encode(value))));
      expect(E.isRight(decoded)).toBe(true);
      if (E.isRight(decoded)) expect(decoded.right).toEqual(value);
    }),
    { numRuns: 200 },
  );

const configRequest = fc.record(
  {
    file_size: byteSize,
    file_name: fileName,
    content_type: contentType,
    category,
    hash_val: hashVal,
    chunk_size: byteSize,
  },
  { requiredKeys: ['file_size', 'file_name', 'content_type'] },
);

const configResponse = fc.record(
  {
    file_id: fc.string(),
    pre_signs: fc.array(fc.string(), { maxLength: 60 }),
    chunk_size: num,
    status: num,
    expires_at: num,
    sign_chunks: fc.boolean(),
  },
  { requiredKeys: ['file_id', 'pre_signs', 'chunk_size', 'status', 'expires_at'] },
);

const checkRequest = fc.record({ file_id: fileId, pre_sign_url: fc.string() });

const guestItem = fc.record({
  field: fieldName,
  url: fc.string(),
  width: nullableNum,
  height: nullableNum,
  category,
});

describe('upload codecs: arbitrary → encode → decode is the identity', () => {
  it('config and audio pre-config requests and responses', () => {
    roundTrips(UploadConfigRequest, configRequest);
    roundTrips(
      AudioPreConfigRequest,
      fc.record(
        {
          file_size: byteSize,
          file_name: fileName,
          content_type: contentType,
          hash_val: hashVal,
          chunk_size: byteSize,
        },
        { requiredKeys: ['file_size', 'file_name', 'content_type'] },
      ),
    );
    roundTrips(UploadConfigResponse, configResponse);
    roundTrips(AudioPreConfigResponse, configResponse);
  });

  it('pre-sign request and response, chunk PUT answer', () => {
    roundTrips(
      UploadPreSignRequest,
      fc.record(
        { content_type: contentType, file_name: fileName, file_size: byteSize, category, hash_val: hashVal },
        { requiredKeys: ['content_type', 'file_name', 'file_size'] },
      ),
    );
    roundTrips(
      UploadPreSignResponse,
      fc.record(
        {
          file_id: fc.string(),
          pre_sign: fc.string(),
          img_url: fc.string(),
          expires_at: num,
          sign_chunks: fc.boolean(),
        },
        { requiredKeys: ['file_id', 'pre_sign', 'img_url', 'expires_at'] },
      ),
    );
    roundTrips(
      ChunkPutResponse,
      fc.record({ file_id: fc.string(), chunk_index: num, size: num, etag: fc.string() }),
    );
  });

  it('chunk sign (a Content-MD5 signed into a chunk URL), chunk check and confirms', () => {
    roundTrips(
      ChunkSignRequest,
      fc.record({ file_id: fileId, pre_sign_url: fc.string(), content_md5: contentMd5 }),
    );
    roundTrips(ChunkSignResponse, fc.record({ file_id: fc.string(), chunk_index: num, url: fc.string() }));
    roundTrips(ChunkCheckRequest, checkRequest);
    roundTrips(
      ChunkCheckResponse,
      fc.record({ file_id: fc.string(), chunk_index: num, received: fc.boolean(), size: nullableNum }),
    );
    roundTrips(FileConfirmRequest, fc.record({ file_id: fileId }));
    roundTrips(AudioFileConfirmRequest, fc.record({ file_id: fileId }));
    roundTrips(
      ImageConfirmRequest,
      fc.record({ file_id: fileId, category, sub_category: category }, { requiredKeys: ['file_id'] }),
    );
    roundTrips(
      FileConfirmResponse,
      fc.record({
        status: num,
        file_id: fc.string(),
        url: nullableStr,
        size: num,
        missing_chunks: fc.array(num, { maxLength: 10 }),
      }),
    );
    roundTrips(
      ImageConfirmResponse,
      fc.record({
        status: num,
        file_id: fc.string(),
        url: nullableStr,
        width: nullableNum,
        height: nullableNum,
        category: num,
        missing_chunks: fc.array(num, { maxLength: 10 }),
      }),
    );
    roundTrips(
      AudioFileConfirmResponse,
      fc.record({
        status: num,
        file_id: fc.string(),
        url: nullableStr,
        missing_chunks: fc.array(num, { maxLength: 10 }),
        audio_info: fc.option(
          fc.record({
            format: fc.string(),
            duration: nullableNum,
            sample_rate: nullableNum,
            channels: nullableNum,
          }),
          { nil: null },
        ),
        upload_obj_info: fc.option(
          fc.record({
            file_id: fc.string(),
            url: fc.string(),
            file_name: fc.string(),
            content_type: fc.string(),
            size: num,
          }),
          { nil: null },
        ),
      }),
    );
  });

  it('guest fields save and list', () => {
    roundTrips(
      GuestFieldsSaveRequest,
      branded(
        GuestFieldsSaveRequest,
        fc.record({ items: fc.array(guestItem, { minLength: 1, maxLength: 100 }) }),
      ),
    );
    roundTrips(
      GuestFieldsResponse,
      fc.record({
        fields: fc.dictionary(
          fc.string(),
          fc.array(
            fc.record({
              field: fc.string(),
              url: fc.string(),
              width: nullableNum,
              height: nullableNum,
              category: num,
            }),
            { maxLength: 5 },
          ),
        ),
      }),
    );
  });
});

describe('upload codecs: the brands refuse what their predicates refuse', () => {
  it('examples at the edges', () => {
    const refuses = <A>(codec: t.Type<A, unknown, unknown>, values: unknown[]) => {
      for (const v of values) expect(E.isLeft(codec.decode(v)), JSON.stringify(v)).toBe(true);
    };
    refuses(ByteSize, [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, '10', NaN]);
    refuses(FileName, ['', '   ', 'a/b', 'a\\b', 'a\u0001b', 'x'.repeat(256)]);
    refuses(ContentType, ['video', 'text/html; charset=utf-8', '/x', 'a/']);
    refuses(Category, [-1, 1000, 2.5]);
    refuses(HashVal, ['abc', 'g'.repeat(64), 'a'.repeat(65)]);
    refuses(FileId, ['short', 'x'.repeat(65), 'bad id!!']);
    // 16 bytes of base64 only: not hex, not 15 or 17 bytes, no free bits in the last character.
    refuses(ContentMd5, [
      '',
      'd41d8cd98f00b204e9800998ecf8427e',
      'AAAAAAAAAAAAAAAAAAAA==',
      'AAAAAAAAAAAAAAAAAAAAAB==',
      'AAAAAAAAAAAAAAAAAAAAAAA=',
    ]);
    expect(ContentMd5.is(Buffer.from('d41d8cd98f00b204e9800998ecf8427e', 'hex').toString('base64'))).toBe(
      true,
    );
    refuses(GuestFieldsSaveRequest, [
      { items: [] },
      {
        items: Array.from({ length: 101 }, () => ({
          field: 'a',
          url: 'u',
          width: null,
          height: null,
          category: 9,
        })),
      },
    ]);
  });

  it('no JSON value makes a decoder throw', () => {
    const codecs: t.Decoder<unknown, unknown>[] = [
      UploadConfigRequest,
      UploadConfigResponse,
      UploadPreSignRequest,
      UploadPreSignResponse,
      ChunkCheckRequest,
      ChunkCheckResponse,
      ChunkSignRequest,
      ChunkSignResponse,
      FileConfirmResponse,
      ImageConfirmResponse,
      AudioFileConfirmResponse,
      GuestFieldsSaveRequest,
      GuestFieldsResponse,
    ];
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        for (const codec of codecs) expect(() => codec.decode(json)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});
