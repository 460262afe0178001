import { SPEAKERS, type Speaker } from '../enums/index.ts';

/** The voices of the dialogues (DESIGN §8): the database's speaker enum. */
export const TRANSCRIPT_SPEAKERS = SPEAKERS;

export type TranscriptSpeaker = Speaker;

/** A speaker as typed ('ANNA', ' Narrator ') in its stored form, or null when unknown. */
export function toSpeaker(value: string): TranscriptSpeaker | null {
  const key = value.normalize('NFC').trim().toLowerCase();
  return (TRANSCRIPT_SPEAKERS as readonly string[]).includes(key)
    ? (key as TranscriptSpeaker)
    : null;
}

/** The speaker as the editors show it: 'NARRATOR', 'ANNA', 'BENCE'. */
export function speakerLabel(speaker: string): string {
  return speaker.toUpperCase();
}
