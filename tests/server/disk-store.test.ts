/**
 * The disk blob store writes a blob beside its place and renames it over the old one: a reader
 * never sees half a blob, and a file is never written in place, so data directories that share
 * their blobs by hard links (the tests' copies of the seeded data, tests/support/seeded.ts) never
 * see each other's writes.
 */
import { link, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { diskBlobStore } from '../../server/blobs/store';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'atelier-disk-store-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);
const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

it('a put over a key leaves a hard link to the old file as it was, and the store answers the new bytes', async () => {
  const blobs = path.join(root, 'a');
  const store = diskBlobStore(blobs);
  await store.put('covers/one.png', bytes('the seeded cover'));
  const shared = path.join(root, 'template-one.png');
  await link(path.join(blobs, 'covers/one.png'), shared);

  await store.put('covers/one.png', bytes('a new cover, longer than the old'));

  expect(await readFile(shared, 'utf8')).toBe('the seeded cover');
  expect(new TextDecoder().decode((await store.get('covers/one.png')) ?? new Uint8Array())).toBe(
    'a new cover, longer than the old',
  );
  expect(await filesUnder(blobs)).toEqual(['covers/one.png']);
});

it('20 puts of one key at once end with one of them whole, and no partial file left', async () => {
  const blobs = path.join(root, 'b');
  const store = diskBlobStore(blobs);
  const versions = Array.from({ length: 20 }, (_, i) => `version ${i} `.repeat(10_000 + i));
  await Promise.all(versions.map((v) => store.put('works/w1/result.png', bytes(v))));

  const stored = new TextDecoder().decode((await store.get('works/w1/result.png')) ?? new Uint8Array());
  expect(versions).toContain(stored);
  expect(await filesUnder(blobs)).toEqual(['works/w1/result.png']);
});

it('a removed key unlinks only its own name: a hard link to it keeps the bytes', async () => {
  const blobs = path.join(root, 'c');
  const store = diskBlobStore(blobs);
  await store.put('avatars/u1.png', bytes('avatar'));
  const shared = path.join(root, 'template-avatar.png');
  await link(path.join(blobs, 'avatars/u1.png'), shared);

  await store.remove('avatars/u1.png');

  expect(await store.get('avatars/u1.png')).toBeNull();
  expect(await readFile(shared, 'utf8')).toBe('avatar');
});
