/** Signing (spec §7): config for files, pre-sign for images, pre-config for audio. */
import { Observable, defer, map, tap } from 'rxjs';
import { uploads } from '../../../domain/index.js';
import { AudioPreConfigRequest, UploadConfigRequest, UploadPreSignRequest } from '../../contract/uploads';
import type { UploadFileHandle } from '../deps';
import { answer, encodeRequest, requestContentType, requestFileName } from './calls';
import type { Signed, UploadRun } from './context';
import { Broken } from './errors';

/** The answer's fields every route shares, as a `Signed`. */
const chunkedSigned = (r: {
  readonly file_id: string;
  readonly pre_signs: readonly string[];
  readonly chunk_size: number;
  readonly expires_at: number;
  readonly sign_chunks?: boolean | undefined;
}): Signed => ({
  fileId: r.file_id,
  preSigns: r.pre_signs,
  chunkSize: r.chunk_size,
  expiresAt: r.expires_at,
  signChunks: r.sign_chunks === true,
});

const signCall$ = ({ up, route, category }: UploadRun, source: UploadFileHandle): Observable<Signed> =>
  defer(() => {
    const common = {
      file_size: source.size,
      file_name: requestFileName(source.name),
      content_type: requestContentType(source.type),
    };
    const chunk = up.chunkBytes === null ? {} : { chunk_size: up.chunkBytes };
    switch (route) {
      case 'image':
        return answer(up.api.preSign(encodeRequest(UploadPreSignRequest, { ...common, category }))).pipe(
          map((r): Signed => ({
            fileId: r.file_id,
            preSigns: [r.pre_sign],
            chunkSize: Math.max(1, source.size),
            expiresAt: r.expires_at,
            signChunks: r.sign_chunks === true,
          })),
        );
      case 'file':
        return answer(
          up.api.config(encodeRequest(UploadConfigRequest, { ...common, category, ...chunk })),
        ).pipe(map(chunkedSigned));
      case 'audio':
        return answer(
          up.api.audioPreConfig(encodeRequest(AudioPreConfigRequest, { ...common, ...chunk })),
        ).pipe(map(chunkedSigned));
    }
  });

/** The upload signed; an answer whose URLs do not match the chunk plan breaks it. */
export const sign$ = (run: UploadRun, source: UploadFileHandle): Observable<Signed> =>
  signCall$(run, source).pipe(
    tap((signed) => {
      if (signed.preSigns.length !== uploads.planChunks(source.size, signed.chunkSize).length)
        throw new Broken('uploadError', false);
    }),
  );
