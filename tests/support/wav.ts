/** A mono 16-bit PCM WAV of `seconds` at `rate` Hz (a 440 Hz tone): the audio uploads' test file. */
export const wav = (seconds: number, rate = 8000): Buffer => {
  const data = rate * seconds * 2;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  for (let i = 0; i < rate * seconds; i++)
    b.writeInt16LE(Math.round(8000 * Math.sin((i / rate) * 2 * Math.PI * 440)), 44 + i * 2);
  return b;
};
