import { createHash } from 'node:crypto';
import type { Container } from '../audio/container.ts';
import { sniffContainer } from '../audio/container.ts';

export function hashJson(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

const CONTENT_TYPES: Readonly<Record<Container, string>> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'audio/mp4',
  adts: 'audio/aac',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  unknown: 'application/octet-stream',
};

/** The MIME type of a recording by its bytes (an Opus file named .mp3 is sent as audio/ogg). */
export function audioContentType(bytes: Uint8Array): string {
  return CONTENT_TYPES[sniffContainer(bytes)];
}
