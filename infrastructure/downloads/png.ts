/**
 * Text inside a PNG (the PNG specification, 11.3.4): a downloaded work keeps what made it in a
 * text chunk named "parameters", the key image tools read a generation's settings from. Latin-1
 * text goes in a tEXt chunk; text outside Latin-1 (a Japanese prompt) in an iTXt chunk, which
 * holds UTF-8. The chunk goes right after IHDR, replacing a text chunk of the same key.
 * Pure functions over bytes; no I/O.
 */

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** The key generation settings are kept under. */
export const PARAMETERS_KEY = 'parameters';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 of the PNG specification (ISO 3309), over `bytes`. */
export const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

export const isPng = (bytes: Uint8Array): boolean =>
  bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b);

export interface PngChunk {
  readonly type: string;
  readonly data: Uint8Array;
}

const typeOf = (bytes: Uint8Array, at: number): string =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);

const u32 = (bytes: Uint8Array, at: number): number =>
  ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

/** The chunks of a PNG in order, each checked against its CRC; null for anything malformed. */
export const readChunks = (png: Uint8Array): PngChunk[] | null => {
  if (!isPng(png)) return null;
  const chunks: PngChunk[] = [];
  let at = PNG_SIGNATURE.length;
  while (at < png.length) {
    if (at + 12 > png.length) return null;
    const length = u32(png, at);
    const end = at + 12 + length;
    if (end > png.length) return null;
    const typeAndData = png.subarray(at + 4, at + 8 + length);
    if (crc32(typeAndData) !== u32(png, at + 8 + length)) return null;
    chunks.push({ type: typeOf(png, at + 4), data: png.subarray(at + 8, at + 8 + length) });
    at = end;
    if (chunks[chunks.length - 1]!.type === 'IEND') break;
  }
  return chunks[0]?.type === 'IHDR' && chunks[chunks.length - 1]?.type === 'IEND' ? chunks : null;
};

/** Bytes read as Latin-1 (each byte one character), without spreading a long array into a call. */
const latin1 = (bytes: Uint8Array): string => {
  let out = '';
  for (let i = 0; i < bytes.length; i += 4096)
    out += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 4096)));
  return out;
};

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (ch) => ch.charCodeAt(0) & 0xff);

/** One chunk's bytes: length, type, data, CRC over type and data. */
export const encodeChunk = (type: string, data: Uint8Array): Uint8Array => {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(ascii(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
};

const isLatin1 = (s: string): boolean => [...s].every((ch) => ch.codePointAt(0)! <= 0xff);

/**
 * The text chunk holding `text` under `key` (1 to 79 Latin-1 characters): tEXt when the text is
 * Latin-1 (no NUL), else iTXt, uncompressed, with no language tag.
 */
export const textChunk = (key: string, text: string): PngChunk => {
  if (key.length < 1 || key.length > 79 || !isLatin1(key) || key.includes('\0'))
    throw new RangeError(`not a PNG text key: ${JSON.stringify(key)}`);
  const clean = text.replaceAll('\0', '');
  if (isLatin1(clean)) {
    const data = new Uint8Array(key.length + 1 + clean.length);
    data.set(ascii(key), 0);
    data.set(ascii(clean), key.length + 1);
    return { type: 'tEXt', data };
  }
  const utf8 = new TextEncoder().encode(clean);
  // key NUL, compression flag 0, method 0, empty language tag NUL, empty translated key NUL.
  const data = new Uint8Array(key.length + 5 + utf8.length);
  data.set(ascii(key), 0);
  data.set(utf8, key.length + 5);
  return { type: 'iTXt', data };
};

/** The key and text of a tEXt or iTXt chunk (uncompressed), else null. */
export const parseTextChunk = (chunk: PngChunk): { readonly key: string; readonly text: string } | null => {
  const nul = chunk.data.indexOf(0);
  if (nul < 1) return null;
  const key = latin1(chunk.data.subarray(0, nul));
  if (chunk.type === 'tEXt') return { key, text: latin1(chunk.data.subarray(nul + 1)) };
  if (chunk.type !== 'iTXt' || chunk.data[nul + 1] !== 0) return null;
  const langEnd = chunk.data.indexOf(0, nul + 3);
  const transEnd = langEnd === -1 ? -1 : chunk.data.indexOf(0, langEnd + 1);
  if (transEnd === -1) return null;
  return { key, text: new TextDecoder().decode(chunk.data.subarray(transEnd + 1)) };
};

/** Every text of a PNG by key (the first of a key wins), or null when it is not a sound PNG. */
export const readPngText = (png: Uint8Array): Readonly<Record<string, string>> | null => {
  const chunks = readChunks(png);
  if (chunks === null) return null;
  const out: Record<string, string> = {};
  for (const c of chunks) {
    const t = parseTextChunk(c);
    if (t !== null && !(t.key in out)) out[t.key] = t.text;
  }
  return out;
};

/**
 * `png` with `text` kept under `key`, right after IHDR; a text chunk of that key already there
 * is dropped. Null when `png` is not a sound PNG (the caller keeps the text beside the file).
 */
export const withPngText = (png: Uint8Array, key: string, text: string): Uint8Array | null => {
  const chunks = readChunks(png);
  if (chunks === null) return null;
  const kept = chunks.filter((c) => parseTextChunk(c)?.key !== key);
  const added = textChunk(key, text);
  const ordered = [kept[0]!, added, ...kept.slice(1)];
  const encoded = ordered.map((c) => encodeChunk(c.type, c.data));
  const out = new Uint8Array(PNG_SIGNATURE.length + encoded.reduce((n, c) => n + c.length, 0));
  out.set(PNG_SIGNATURE, 0);
  let at = PNG_SIGNATURE.length;
  for (const c of encoded) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};
