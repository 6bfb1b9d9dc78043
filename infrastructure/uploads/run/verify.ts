/**
 * Chunk verification (spec §4 "each PUT and verified"): chunk check, or audio chunk confirm; and
 * the calls a chunk makes, whose server faults are chunk failures rather than the upload's end.
 */
import * as E from 'fp-ts/Either';
import { Observable, map, mergeMap, of, take, throwError } from 'rxjs';
import { uploads } from '../../../domain/index.js';
import { ChunkCheckRequest, ChunkSignRequest, type ChunkCheckResponse } from '../../contract/uploads';
import type { ApiResult } from '../../http/client';
import { encodeRequest } from './calls';
import type { UploadRun } from './context';
import { Refused } from './errors';

export type VerifyCall = (req: ChunkCheckRequest) => Observable<ApiResult<ChunkCheckResponse>>;

/** Spec §4 "audio is uploaded direct or chunked": a direct upload is verified by its confirm. */
export const verifyCall = ({ up, route }: UploadRun, size: number, chunkSize: number): VerifyCall | null =>
  route === 'file'
    ? up.api.checkChunk
    : route === 'audio' && uploads.uploadMode(size, chunkSize) === 'chunked'
      ? up.api.audioChunkConfirm
      : null;

export const checkRequest = (fileId: string, url: string): ChunkCheckRequest =>
  encodeRequest(ChunkCheckRequest, { file_id: fileId, pre_sign_url: url });

export const arrived = (r: ChunkCheckResponse, slice: uploads.ChunkSlice): boolean =>
  r.received && r.size === slice.end - slice.start;

/** A call's refusal ends the upload; a server fault or no answer is a chunk failure. */
export const chunkCall = <A>(call$: Observable<ApiResult<A>>): Observable<A | null> =>
  call$.pipe(
    take(1),
    mergeMap((r) =>
      E.isRight(r)
        ? of(r.right)
        : r.left.kind === 'api' && !uploads.isServerFault(r.left.code)
          ? throwError(() => new Refused(r.left))
          : of(null),
    ),
  );

/** Where this chunk's bytes go: its signed URL, or (sign_chunks) one with their digest signed in. */
export const putUrl$ = (
  { up, signChunks }: UploadRun,
  fileId: string,
  url: string,
  contentMd5: string,
): Observable<string | null> =>
  signChunks
    ? chunkCall(
        up.api.signChunk(
          encodeRequest(ChunkSignRequest, {
            file_id: fileId,
            pre_sign_url: url,
            content_md5: contentMd5,
          }),
        ),
      ).pipe(map((r) => r?.url ?? null))
    : of(url);
