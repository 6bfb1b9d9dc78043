/**
 * What the server checks on every request before any handler runs: no NUL character anywhere in
 * the body, query or path parameters (PostgreSQL refuses NUL in text, which would surface as a
 * 500), and no nesting deeper than MAX_DEPTH (deep values overflow the stack of whatever walks
 * them next). Both walks are iterative. Refusal messages name the path, never the value.
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';

export const MAX_DEPTH = 32;
/** Longer than this, a request target is refused with 414 (Node's own limit is the 16 KiB header block). */
export const MAX_URL_LENGTH = 8 * 1024;
const MAX_MESSAGE = 300;

export interface InputProblem {
  readonly path: string;
  readonly reason: string;
}

const segment = (parent: string, key: string | number): string =>
  typeof key === 'number'
    ? `${parent}[${key}]`
    : /^[A-Za-z_$][\w$]*$/.test(key)
      ? `${parent}.${key}`
      : `${parent}[${JSON.stringify(key.slice(0, 40)).replace(/\\u0000/g, '\\0')}]`;

/** Arrays and plain objects, including the prototype-less ones the query and params parsers make
 * (fast-querystring's objects inherit from an empty prototype-less object). */
const isContainer = (v: unknown): v is Record<string, unknown> | unknown[] => {
  if (Array.isArray(v)) return true;
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
};

/**
 * The first NUL or over-deep place in a decoded request part (`body`, `query`, `params`), or
 * null. Only plain objects and arrays are walked: streams and buffers (raw upload bodies) are not.
 */
export const findInputProblem = (root: string, value: unknown, maxDepth = MAX_DEPTH): InputProblem | null => {
  const stack: { readonly path: string; readonly value: unknown; readonly depth: number }[] = [
    { path: root, value, depth: 0 },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const v = item.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { path: item.path, reason: 'must not contain a NUL character' };
      continue;
    }
    if (!isContainer(v)) continue;
    if (item.depth >= maxDepth) return { path: item.path, reason: `nests deeper than ${maxDepth} levels` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ path: segment(item.path, i), value: v[i], depth: item.depth + 1 });
    } else {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (key.includes('\u0000'))
          return { path: segment(item.path, key), reason: 'has a key with a NUL character' };
        stack.push({ path: segment(item.path, key), value: v[key], depth: item.depth + 1 });
      }
    }
  }
  return null;
};

/** One line naming where a request failed, bounded in length. */
export const describeProblem = (p: InputProblem): string => bound(`${p.path} ${p.reason}`);

export const bound = (msg: string, max = MAX_MESSAGE): string =>
  msg.length <= max ? msg : `${msg.slice(0, max - 1)}…`;

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The caller's `x-request-id` when it is safe to log and echo, else a fresh one. */
export const requestIdOf = (header: string | string[] | undefined): string =>
  typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (a header block over 16 KiB,
 * a malformed request line). They still get the envelope, with the status that fits.
 */
export const clientErrorResponse = (err: Error & { code?: string; rawPacket?: Buffer }): Buffer => {
  let status = 400;
  let msg = 'malformed HTTP request';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    msg = 'request timed out';
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    const packet = err.rawPacket;
    const firstLineEnds = packet ? packet.indexOf('\r\n') : -1;
    const uriTooLong = firstLineEnds < 0 || firstLineEnds > MAX_URL_LENGTH;
    status = uriTooLong ? 414 : 431;
    msg = uriTooLong ? 'the request target is too long' : 'the request headers are too large';
  }
  const body = JSON.stringify({
    status: { code: 10400, msg },
    data: null,
    request_id: randomUUID(),
  });
  return Buffer.from(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Bad Request'}\r\n` +
      'content-type: application/json; charset=utf-8\r\n' +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'x-content-type-options: nosniff\r\n' +
      'connection: close\r\n\r\n' +
      body,
  );
};

export const handleClientError = (err: Error & { code?: string }, socket: Socket): void => {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(err));
};
