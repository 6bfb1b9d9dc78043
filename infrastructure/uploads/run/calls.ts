import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';
import { Observable, mergeMap, of, take, throwError, throwIfEmpty } from 'rxjs';
import type { ApiResult } from '../../http/client';
import { Broken, Refused } from './errors';

export const encodeRequest = <A>(codec: t.Type<A, unknown, unknown>, raw: unknown): A => {
  const decoded = codec.decode(raw);
  if (E.isLeft(decoded)) throw new Broken('uploadError', false);
  return decoded.right;
};

/** The answer of one call, or a `Refused` error (a call that ends without an answer is one too). */
export const answer = <A>(call$: Observable<ApiResult<A>>): Observable<A> =>
  call$.pipe(
    take(1),
    throwIfEmpty(
      () => new Refused({ kind: 'network', path: '', message: 'the call ended without an answer' }),
    ),
    mergeMap((r) => (E.isRight(r) ? of(r.right) : throwError(() => new Refused(r.left)))),
  );

/**
 * The contract's FileName: no control characters or path separators, and at most 200 UTF-16
 * units (the contract allows 255) without splitting a character.
 */
export const requestFileName = (name: string): string => {
  let out = '';
  for (const c of name) {
    const code = c.charCodeAt(0);
    const safe = code < 0x20 || code === 0x7f || c === '/' || c === '\\' ? '_' : c;
    if (out.length + safe.length > 200) break;
    out += safe;
  }
  const trimmed = out.trim();
  return trimmed.length > 0 ? trimmed : 'file';
};

/** The contract's ContentType (no parameters); an unknown type travels as octet-stream. */
export const requestContentType = (type: string): string => {
  const bare = (type.split(';')[0] ?? '').trim();
  return /^[A-Za-z0-9][\w.+-]{0,63}\/[A-Za-z0-9][\w.+-]{0,127}$/.test(bare)
    ? bare
    : 'application/octet-stream';
};
