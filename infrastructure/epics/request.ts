import * as E from 'fp-ts/Either';
import type * as t from 'io-ts';

/**
 * Builds a request by decoding it (branded fields are checked, never asserted): the call when
 * it decodes, else `orElse` (a value no request can carry asks for nothing).
 */
export const withRequest = <A, R>(
  codec: t.Type<A, unknown, unknown>,
  value: unknown,
  call: (req: A) => R,
  orElse: R,
): R => {
  const decoded = codec.decode(value);
  return E.isRight(decoded) ? call(decoded.right) : orElse;
};

/** A request decoded from `value` (branded fields checked, never asserted), or null when it does not decode. */
export const requestOf = <A>(codec: t.Type<A, unknown, unknown>, value: unknown): A | null =>
  withRequest<A, A | null>(codec, value, (request) => request, null);
