// A mono recording as it crosses the bridge: 16-bit samples, little-endian, base64 (JSON-safe
// over Electron's IPC and the test harness alike; a 10-minute recording at 11,025 Hz is 18 MB).
import type { PcmRecording } from './model.ts';

export function encodePcm(samples: Float32Array, sampleRate: number): PcmRecording {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(i * 2, Math.round(s * 32767), true);
  }
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return { sampleRate, data: btoa(binary) };
}

export function decodePcm(recording: PcmRecording): Float32Array {
  const binary = atob(recording.data);
  const out = new Float32Array(Math.floor(binary.length / 2));
  for (let i = 0; i < out.length; i++) {
    const value = binary.charCodeAt(2 * i) | (binary.charCodeAt(2 * i + 1) << 8);
    out[i] = (value >= 0x8000 ? value - 0x10000 : value) / 32768;
  }
  return out;
}
