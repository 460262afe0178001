/** Declared and actual length of a WAV file's data chunk, from its bytes. */
export type WavScan = { readonly declaredSeconds: number; readonly actualSeconds: number };

export function scanWav(bytes: Uint8Array): WavScan | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.length < 12 || text(0) !== 'RIFF' || text(8) !== 'WAVE') return null;
  let byteRate = 0;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = text(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ' && offset + 16 <= bytes.length) byteRate = view.getUint32(offset + 16, true);
    if (id === 'data') {
      if (byteRate === 0) return null;
      const actual = Math.min(size, bytes.length - offset - 8);
      return { declaredSeconds: size / byteRate, actualSeconds: actual / byteRate };
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}
