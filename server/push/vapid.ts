/**
 * The VAPID key pair of Web Push (RFC 8292): browsers need the public key to subscribe. It is
 * generated on first start and kept in DATA_DIR/vapid-private.pem (mode 0600), like the signing
 * secret, so subscriptions survive a restart. The reference server stores push tokens but has no
 * sender: delivering pushes would sign with this key and encrypt per RFC 8291.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const VAPID_KEY_FILE = 'vapid-private.pem';

const isErrno = (err: unknown, code: string): boolean =>
  err instanceof Error && (err as NodeJS.ErrnoException).code === code;

/** The public key as an uncompressed P-256 point (0x04 || x || y), base64url. */
export const loadVapidPublicKey = (dataDir: string): string => {
  const file = path.join(dataDir, VAPID_KEY_FILE);
  const read = (): string | null => {
    try {
      return readFileSync(file, 'utf8');
    } catch (err) {
      if (isErrno(err, 'ENOENT')) return null;
      throw err;
    }
  };
  let pem = read();
  if (pem === null) {
    mkdirSync(dataDir, { recursive: true });
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    try {
      writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if (!isErrno(err, 'EEXIST')) throw err;
    }
    pem = read();
    if (pem === null) throw new Error(`${file} could not be created`);
  }
  const jwk = createPublicKey(createPrivateKey(pem)).export({ format: 'jwk' });
  if (jwk.x === undefined || jwk.y === undefined) throw new Error(`${file} is not an EC key`);
  const raw = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x, 'base64url'),
    Buffer.from(jwk.y, 'base64url'),
  ]);
  return raw.toString('base64url');
};
