import { isWav } from './wav-decode.ts';

/** What an audio file's bytes are, whatever the file is called. */
export type Container = 'wav' | 'mp3' | 'mp4' | 'adts' | 'ogg' | 'flac' | 'unknown';

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/**
 * The container of audio bytes from their first bytes (magic numbers, frame sync words), never
 * from a name: an .mp3 may hold AAC, a phone's .opus is an Ogg file, a .dat may be a WAV.
 */
export function sniffContainer(bytes: Uint8Array): Container {
  if (isWav(bytes)) return 'wav';
  if (ascii(bytes, 4, 4) === 'ftyp') return 'mp4';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'flac';
  if (ascii(bytes, 0, 3) === 'ID3') return 'mp3';
  const b0 = bytes[0] ?? 0;
  const b1 = bytes[1] ?? 0;
  // ADTS (raw AAC) has layer bits 00; MPEG audio has layer I–III (01, 10, 11).
  if (b0 === 0xff && (b1 & 0xf6) === 0xf0) return 'adts';
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0) return 'mp3';
  return 'unknown';
}

/**
 * The codec of an Ogg stream, from its first packet ('OpusHead', '\x01vorbis', '\x7FFLAC');
 * 'other' for a first packet of another codec (Speex, Theora…), null when there is no whole
 * first page (a broken file).
 */
export function oggCodec(bytes: Uint8Array): 'opus' | 'vorbis' | 'flac' | 'other' | null {
  if (ascii(bytes, 0, 4) !== 'OggS' || bytes.length < 27) return null;
  const segments = bytes[26] ?? 0;
  const packet = 27 + segments;
  if (bytes.length < packet + 8) return null;
  if (ascii(bytes, packet, 8) === 'OpusHead') return 'opus';
  if (ascii(bytes, packet, 7) === '\x01vorbis') return 'vorbis';
  if (ascii(bytes, packet, 5) === '\x7FFLAC') return 'flac';
  return 'other';
}

/**
 * Containers the studio's main process decodes itself (WebAssembly decoders from npm). AAC
 * (M4A, ADTS) has no permissively licensed decoder there — FAAD2's WebAssembly build is GPL —
 * so the studio's Chromium decodes it in the renderer (Web Audio), as it plays it.
 */
export function decodedInRenderer(container: Container): boolean {
  return container === 'mp4' || container === 'adts';
}
