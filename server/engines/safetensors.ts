/**
 * The safetensors file format (an 8-byte little-endian header length, a JSON header naming
 * each tensor's dtype, shape and byte range, then the raw little-endian data), used for the
 * simulated LoRA training's result file.
 */
export interface Tensor {
  readonly shape: readonly number[];
  readonly data: Float32Array;
}

export const encodeSafetensors = (
  tensors: Readonly<Record<string, Tensor>>,
  metadata: Readonly<Record<string, string>>,
): Buffer => {
  const header: Record<string, unknown> = { __metadata__: metadata };
  let offset = 0;
  const names = Object.keys(tensors).sort();
  for (const name of names) {
    const t = tensors[name]!;
    const bytes = t.data.length * 4;
    header[name] = { dtype: 'F32', shape: t.shape, data_offsets: [offset, offset + bytes] };
    offset += bytes;
  }
  let json = JSON.stringify(header);
  while ((8 + Buffer.byteLength(json)) % 8 !== 0) json += ' ';
  const head = Buffer.alloc(8);
  head.writeBigUInt64LE(BigInt(Buffer.byteLength(json)));
  const body = Buffer.alloc(offset);
  let at = 0;
  for (const name of names) {
    const t = tensors[name]!;
    for (let i = 0; i < t.data.length; i++, at += 4) body.writeFloatLE(t.data[i]!, at);
  }
  return Buffer.concat([head, Buffer.from(json), body]);
};

export interface SafetensorsHeader {
  readonly metadata: Readonly<Record<string, string>>;
  readonly tensors: Readonly<
    Record<string, { dtype: string; shape: number[]; data_offsets: [number, number] }>
  >;
}

export const readSafetensorsHeader = (bytes: Buffer): SafetensorsHeader => {
  const n = Number(bytes.readBigUInt64LE(0));
  const json = JSON.parse(bytes.subarray(8, 8 + n).toString('utf8')) as Record<string, unknown>;
  const { __metadata__: metadata, ...tensors } = json;
  return {
    metadata: (metadata ?? {}) as Record<string, string>,
    tensors: tensors as SafetensorsHeader['tensors'],
  };
};
