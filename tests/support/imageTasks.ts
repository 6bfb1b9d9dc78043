/**
 * Image tool tasks against a test server, for the image tests and the upscale soak: an account
 * with coins and a membership, uploads through pre-sign/PUT/confirm, photo-like pictures made
 * with sharp, and a finished task's output decoded by sharp.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { hashPassword } from '../../server/auth';
import { credit } from '../../server/ledger';
import type { Json, TestServer } from './server';

/**
 * A new member account `id` (e-mail `id@atelier.test`, password `pw-id`) with `coins` paid coins
 * and a Pro membership for a day, signed in: its session token.
 */
export const memberAccount = async (s: TestServer, id: string, coins: number): Promise<string> => {
  const db = s.server.ctx.db;
  await db.query(
    `INSERT INTO accounts (id, email, password_hash, account_name, name, created_at) VALUES ($1, $2, $3, $1, $1, 0)`,
    [id, `${id}@atelier.test`, await hashPassword(`pw-${id}`)],
  );
  await credit(db, id, 'paid', coins, 'test', null, 0);
  await db.query(
    'INSERT INTO memberships (account_id, product_level, product_type, expiry_time) VALUES ($1, 3, 1, $2)',
    [id, Date.now() + 86_400_000],
  );
  return s.login(`${id}@atelier.test`, `pw-${id}`);
};

/** Uploads an image as `token` through pre-sign, PUT and confirm; its confirmed URL and file id. */
export const uploadImage = async (
  s: TestServer,
  token: string,
  bytes: Buffer,
  contentType: string,
  fileName: string,
): Promise<{ url: string; fileId: string }> => {
  const sha = createHash('sha256').update(bytes).digest('hex');
  const p = await s.post(
    '/api/v1/upload/pre-sign',
    { content_type: contentType, file_name: fileName, file_size: bytes.length, hash_val: sha },
    { token },
  );
  expect(p.json.status.code).toBe(10000);
  const put = await fetch(s.baseUrl + p.json.data.pre_sign, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  expect(put.status).toBe(200);
  const done = await s.post('/api/v1/upload/image/confirm', { file_id: p.json.data.file_id }, { token });
  expect(done.json.data.status, `confirm of ${contentType}`).toBe(0);
  return { url: done.json.data.url as string, fileId: p.json.data.file_id as string };
};

export const imageTasks = (s: TestServer) => {
  let token = '';
  const code = (r: { json: Json }) => r.json.status.code as number;

  /** Uploads through pre-sign, PUT and confirm; the confirmed URL, or the confirm's answer when refused. */
  const upload = async (bytes: Buffer, contentType: string, ext: string): Promise<string> =>
    (await uploadImage(s, token, bytes, contentType, `photo.${ext}`)).url;

  /** A photo-like picture: smooth colour noise (a small noise field enlarged) with a dark disc. */
  const picture = (width: number, height: number) =>
    sharp({
      create: {
        width: Math.max(4, Math.round(width / 8)),
        height: Math.max(4, Math.round(height / 8)),
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer()
      .then((small) =>
        sharp(small)
          .resize(width, height, { kernel: 'cubic' })
          .composite([
            {
              input: Buffer.from(
                `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${
                  Math.min(width, height) / 4
                }" fill="#202040"/></svg>`,
              ),
            },
          ])
          .png()
          .toBuffer(),
      );

  const create = (body: Record<string, unknown>) => s.post('/api/v1/task/tool/create', body, { token });
  const detail = async (id: string) => {
    const r = await s.post('/api/v1/task/detail', { id }, { token });
    expect(code(r)).toBe(10000);
    return r.json.data.item as Json;
  };
  const finish = () => s.server.ctx.tasks.tick(Date.now() + 60_000);

  /** The task's first output, decoded by sharp: its format and size. */
  const outputOf = async (id: string) => {
    const item = await detail(id);
    expect(item.status, `task ${id}: ${JSON.stringify(item).slice(0, 400)}`).toBe(3);
    expect(item.deduction_detail.refunded).toBe(false);
    const r = await s.get(item.img_uris[0].url as string);
    expect(r.status).toBe(200);
    const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
    return { format: meta.format, width: meta.width, height: meta.height, listed: item.img_uris[0] };
  };

  /** Signs in as a new member with coins; later calls act as that account. */
  const signIn = async (id: string, coins: number) => {
    token = await memberAccount(s, id, coins);
  };
  return { code, upload, picture, create, detail, finish, outputOf, signIn };
};
