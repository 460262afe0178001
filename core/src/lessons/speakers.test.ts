import { describe, expect, it } from 'vitest';
import { speakerLabel, toSpeaker } from './speakers.ts';

describe('speakers', () => {
  it('returns the stored speaker for any case and spacing', () => {
    expect(toSpeaker(' NARRATOR ')).toBe('narrator');
    expect(toSpeaker('Anna')).toBe('anna');
    expect(toSpeaker('bence')).toBe('bence');
  });

  it('returns null for a voice the database does not accept', () => {
    expect(toSpeaker('Péter')).toBeNull();
    expect(toSpeaker('')).toBeNull();
  });

  it('returns the label the editors show', () => {
    expect(speakerLabel('narrator')).toBe('NARRATOR');
  });
});
