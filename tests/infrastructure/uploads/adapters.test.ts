/**
 * The upload adapters: the fetch PUT (status, Content-MD5, a store's BadDigest, abort on
 * unsubscribe, transport errors, hard timeout) against a loopback server, the browser's MD5
 * (hash-wasm), file handles, storage records read through their codecs, settled thenables, and
 * the request-name/type cleaning.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstValueFrom, from, lastValueFrom, toArray } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserKeyValueStorage } from '../../../infrastructure/platform/storage';
import { PutTimeoutError, fetchPutChunk, fileHandle } from '../../../infrastructure/uploads/browser';
import { base64OfHex, isBadDigestAnswer, wasmContentMd5 } from '../../../infrastructure/uploads/digest';
import { failed, settled } from '../../../infrastructure/uploads/handles';
import {
  GUEST_KEPT_KEY,
  clearResume,
  readGuestKept,
  readResume,
  RESUME_KEY,
  RESUME_LIMIT,
  sameFile,
  writeGuestKept,
  writeResume,
  type ResumeRecord,
} from '../../../infrastructure/uploads/records';
import { requestContentType, requestFileName } from '../../../infrastructure/uploads/transfer';
import { memoryStorage } from '../../support/fakes/uploads';

let server: http.Server;
let base: string;
const received: { path: string; bytes: number; aborted: boolean; contentMd5: string | undefined }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const entry = {
      path: req.url ?? '',
      bytes: 0,
      aborted: false,
      contentMd5: req.headers['content-md5'] as string | undefined,
    };
    received.push(entry);
    req.on('data', (c: Buffer) => (entry.bytes += c.length));
    req.on('close', () => {
      if (!res.writableEnded) entry.aborted = true;
    });
    req.on('end', () => {
      if (req.url === '/ok') res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      else if (req.url === '/busy') res.writeHead(503).end('busy');
      else if (req.url === '/s3-bad-digest')
        res
          .writeHead(400, { 'content-type': 'application/xml' })
          .end(
            '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>BadDigest</Code><Message>The Content-MD5 you specified did not match what we received.</Message></Error>',
          );
      else if (req.url === '/bad-digest')
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end('{"status":{"code":30004,"msg":"BadDigest"},"data":null}');
      else if (req.url === '/invalid-digest')
        res
          .writeHead(400, { 'content-type': 'application/xml' })
          .end(
            '<Error><Code>InvalidDigest</Code><Message>The Content-MD5 you specified was invalid.</Message></Error>',
          );
      else if (req.url === '/reset') req.socket.destroy();
      // '/hang': never answers
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

const MD5 = 'AAAAAAAAAAAAAAAAAAAAAA==';
const fetchPut = fetchPutChunk((input, init) => fetch(input, init));
const put = (url: string, bytes: Uint8Array) => fetchPut(url, bytes, MD5);
const waitFor = async (probe: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('fetchPutChunk: the chunk PUT over fetch', () => {
  it("sends the chunk's Content-MD5; a store's BadDigest (S3's XML or the envelope's 30004) is marked, nothing else is", async () => {
    const bytes = new Uint8Array(1000).fill(3);
    const md5 = createHash('md5').update(bytes).digest('base64');
    expect(await firstValueFrom(fetchPut(`${base}/ok`, bytes, md5))).toEqual({ status: 200 });
    expect(received.findLast((r) => r.path === '/ok')?.contentMd5).toBe(md5);
    expect(await firstValueFrom(put(`${base}/s3-bad-digest`, bytes))).toEqual({
      status: 400,
      badDigest: true,
    });
    expect(await firstValueFrom(put(`${base}/bad-digest`, bytes))).toEqual({ status: 400, badDigest: true });
    expect(await firstValueFrom(put(`${base}/invalid-digest`, bytes))).toEqual({ status: 400 });
    expect(await firstValueFrom(put(`${base}/busy`, bytes))).toEqual({ status: 503 });
  });

  it('sends the bytes and emits the status once, for success and for a 5xx alike', async () => {
    const bytes = new Uint8Array(100_000).fill(7);
    expect(await lastValueFrom(put(`${base}/ok`, bytes).pipe(toArray()))).toEqual([{ status: 200 }]);
    expect(received.findLast((r) => r.path === '/ok')?.bytes).toBe(100_000);
    expect(await firstValueFrom(put(`${base}/busy`, bytes))).toEqual({ status: 503 });
  });

  it('errors when the connection is reset', async () => {
    await expect(firstValueFrom(put(`${base}/reset`, new Uint8Array(10)))).rejects.toThrow();
  });

  it('aborts the request when unsubscribed (the 60 s timeout and cancel rely on it), and never emits', async () => {
    const seen: unknown[] = [];
    const sub = put(`${base}/hang`, new Uint8Array(1000)).subscribe({
      next: (v) => seen.push(v),
      error: (e) => seen.push(e),
    });
    await waitFor(() => received.some((r) => r.path === '/hang' && r.bytes === 1000));
    sub.unsubscribe();
    await waitFor(() => received.find((r) => r.path === '/hang')!.aborted);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([]);
  });

  it('gives up with PutTimeoutError after its hard timeout', async () => {
    const quick = fetchPutChunk((input, init) => fetch(input, init), 150);
    await expect(firstValueFrom(quick(`${base}/hang`, new Uint8Array(10), MD5))).rejects.toBeInstanceOf(
      PutTimeoutError,
    );
  });
});

describe("the browser's Content-MD5 (hash-wasm, as WebCrypto has none)", () => {
  it("is RFC 1864's base64 of the MD5, as Node's crypto makes it", async () => {
    for (const bytes of [new Uint8Array(0), new Uint8Array([1, 2, 3]), new Uint8Array(300_001).fill(9)])
      expect(await wasmContentMd5(bytes)).toBe(createHash('md5').update(bytes).digest('base64'));
    expect(base64OfHex('d41d8cd98f00b204e9800998ecf8427e')).toBe('1B2M2Y8AsgTpgAmY7PhCfg==');
  });

  it('reads BadDigest only from a 400 that says so', () => {
    expect(isBadDigestAnswer(400, '<Error><Code>BadDigest</Code></Error>')).toBe(true);
    expect(isBadDigestAnswer(400, '{"status":{"code":30004,"msg":"x"},"data":null}')).toBe(true);
    expect(isBadDigestAnswer(200, '{"status":{"code":30004,"msg":"x"},"data":null}')).toBe(false);
    expect(isBadDigestAnswer(403, '<Error><Code>BadDigest</Code></Error>')).toBe(false);
    expect(isBadDigestAnswer(400, '<Error><Code>InvalidDigest</Code></Error>')).toBe(false);
    expect(isBadDigestAnswer(400, '{"status":{"code":10400,"msg":"x"}}')).toBe(false);
    expect(isBadDigestAnswer(400, 'not json')).toBe(false);
  });
});

describe('file handles and storage', () => {
  it('fileHandle reads exactly the slice of a File', async () => {
    const file = new File([Uint8Array.from([1, 2, 3, 4, 5])], 'a.bin', {
      type: 'application/x-test',
      lastModified: 77,
    });
    const h = fileHandle(file);
    expect([h.name, h.size, h.type, h.lastModified]).toEqual(['a.bin', 5, 'application/x-test', 77]);
    expect(await h.slice(1, 4)).toEqual(Uint8Array.from([2, 3, 4]));
  });

  it('the storage adapter falls back to memory where there is no localStorage', () => {
    const s = browserKeyValueStorage();
    s.setItem('k', 'v');
    expect(s.getItem('k')).toBe('v');
    s.removeItem('k');
    expect(s.getItem('k')).toBeNull();
  });

  it('the storage adapter drops a write the browser refuses (quota) and never throws', () => {
    const kept = new Map<string, string>();
    let full = false;
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => {
        if (full) throw new DOMException('quota', 'QuotaExceededError');
        kept.set(k, v);
      },
      removeItem: (k: string) => void kept.delete(k),
    } as unknown as Storage;
    const s = browserKeyValueStorage(() => storage);
    s.setItem('a', '1');
    full = true;
    expect(() => s.setItem('b', '2')).not.toThrow();
    expect([s.getItem('a'), s.getItem('b')]).toEqual(['1', null]);
  });

  const record: ResumeRecord = {
    version: 1,
    field: 'video',
    route: 'file',
    fileId: 'abcdefgh12345678',
    preSigns: ['/upload/abcdefgh12345678/0?exp=1&sig=x', '/upload/abcdefgh12345678/1?exp=1&sig=y'],
    chunkSize: 262144,
    confirmed: [0],
    file: { name: 'a.mp4', size: 300000, type: 'video/mp4', lastModified: 5 },
    category: 9,
    guest: false,
    expiresAt: 1000,
  };

  it('resume records round-trip by the file (whichever slot), and junk, other versions, another file or an expired one read as nothing', () => {
    const storage = memoryStorage();
    writeResume(storage, record, 0);
    expect(readResume(storage, record.file, 0)).toEqual(record);
    // Another slot picking the same file finds it: the file, not the slot, is the key.
    expect(readResume(storage, { ...record.file }, 999)).toEqual(record);
    expect(readResume(storage, { ...record.file, lastModified: 6 }, 0)).toBeNull();
    expect(readResume(storage, { ...record.file, size: 300001 }, 0)).toBeNull();
    expect(readResume(storage, record.file, 1000)).toBeNull();
    for (const junk of [
      '{',
      'null',
      '{}',
      JSON.stringify(record),
      JSON.stringify([{ ...record, version: 2 }]),
      JSON.stringify([{ ...record, preSigns: 'x' }]),
    ]) {
      storage.setItem(RESUME_KEY, junk);
      expect(readResume(storage, record.file, 0)).toBeNull();
    }
    writeResume(storage, record, 0);
    clearResume(storage, record.file);
    expect(storage.getItem(RESUME_KEY)).toBeNull();
    expect(sameFile(record.file, { ...record.file })).toBe(true);
    expect(sameFile(record.file, { ...record.file, lastModified: 6 })).toBe(false);
  });

  it('one record per file, expired ones dropped, at most RESUME_LIMIT kept (the newest)', () => {
    const storage = memoryStorage();
    const of = (i: number, expiresAt = 1000): ResumeRecord => ({
      ...record,
      fileId: `file${String(i).padStart(12, '0')}`,
      file: { ...record.file, name: `clip-${i}.mp4` },
      expiresAt,
    });
    writeResume(storage, of(0, 10), 0);
    writeResume(storage, { ...of(1), confirmed: [] }, 0);
    writeResume(storage, { ...of(1), confirmed: [0, 1] }, 0);
    expect(readResume(storage, of(1).file, 0)?.confirmed).toEqual([0, 1]);
    // Past its expiry the first record is dropped at the next write.
    writeResume(storage, of(2), 20);
    expect(readResume(storage, of(0, 10).file, 5)).toBeNull();
    for (let i = 3; i < 3 + RESUME_LIMIT; i++) writeResume(storage, of(i), 20);
    expect(readResume(storage, of(1).file, 20)).toBeNull();
    expect(readResume(storage, of(2 + RESUME_LIMIT).file, 20)?.fileId).toBe(of(2 + RESUME_LIMIT).fileId);
    expect((JSON.parse(storage.getItem(RESUME_KEY)!) as unknown[]).length).toBe(RESUME_LIMIT);
    // Clearing one leaves the others.
    clearResume(storage, of(3).file);
    expect(readResume(storage, of(3).file, 20)).toBeNull();
    expect(readResume(storage, of(4).file, 20)).not.toBeNull();
  });

  it('a storage that refuses writes never breaks an upload', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => writeResume(refusing, record, 0)).not.toThrow();
    expect(() => clearResume(refusing, record.file)).not.toThrow();
    expect(readResume(refusing, record.file, 0)).toBeNull();
    expect(readGuestKept(refusing)).toEqual([]);
    expect(() => writeGuestKept(refusing, [{ field: 'a', uploads: [] }])).not.toThrow();
  });

  it('the guest list is written, read back, and removed when empty', () => {
    const storage = memoryStorage();
    const kept = [{ field: 'cover', uploads: [{ url: '/u', width: 1, height: 2, category: 9 }] }];
    writeGuestKept(storage, kept);
    expect(readGuestKept(storage)).toEqual(kept);
    writeGuestKept(storage, []);
    expect(storage.getItem(GUEST_KEPT_KEY)).toBeNull();
    storage.setItem(GUEST_KEPT_KEY, JSON.stringify([{ field: 1 }]));
    expect(readGuestKept(storage)).toEqual([]);
  });
});

describe('settled thenables and request cleaning', () => {
  it('settled answers synchronously through from(), chains, and turns a throw into a rejection', async () => {
    const seen: number[] = [];
    from(settled(2).then((x) => x * 3)).subscribe((v) => seen.push(v));
    expect(seen).toEqual([6]);
    expect(await settled(1).then(() => settled(5))).toBe(5);
    await expect(
      settled(1).then(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(failed(new Error('no'))).rejects.toThrow('no');
    expect(await failed<number>('x').then(undefined, () => 9)).toBe(9);
  });

  it('file names lose control characters and separators; unknown types travel as octet-stream', () => {
    expect(requestFileName('my/clip\\1\u0001.mp4')).toBe('my_clip_1_.mp4');
    expect(requestFileName('   ')).toBe('file');
    expect([...requestFileName('é'.repeat(400))]).toHaveLength(200);
    // 150 emoji are 300 UTF-16 units: cut at 200 units, never inside a character.
    const emoji = requestFileName('😀'.repeat(150));
    expect(emoji).toHaveLength(200);
    expect([...emoji].every((c) => c === '😀')).toBe(true);
    expect(requestContentType('video/mp4')).toBe('video/mp4');
    expect(requestContentType('text/plain; charset=utf-8')).toBe('text/plain');
    expect(requestContentType('')).toBe('application/octet-stream');
    expect(requestContentType('weird')).toBe('application/octet-stream');
  });
});
