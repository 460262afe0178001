// Peaks travel as base64 of one byte per peak (see Peaks in model.ts).

/** Float peaks 0..1 → base64 bytes. Works in Node and browsers (btoa on chunks). */
export function encodePeaks(data: ArrayLike<number>): string {
  const bytes = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    bytes[i] = Math.max(0, Math.min(255, Math.round((data[i] ?? 0) * 255)));
  }
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export function decodePeaks(encoded: string): Float32Array {
  const binary = atob(encoded);
  const out = new Float32Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i) / 255;
  return out;
}
