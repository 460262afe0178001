import { describe, expect, it } from 'vitest';
import { parseTranscriptEditorText, transcriptToEditorText } from './editor-text.ts';

describe('edited transcript text', () => {
  it('returns lines split at the first colon, renumbered from 1', () => {
    const result = parseTranscriptEditorText(
      'NARRATOR: Reggel van.\r\n\r\nANNA: Hány óra van? 10:30?\nno colon here\nBENCE:   \n: nobody\nBENCE: Fél tizenegy.',
    );
    expect(result.items).toEqual([
      { line_number: 1, speaker: 'narrator', text_content: 'Reggel van.' },
      { line_number: 2, speaker: 'anna', text_content: 'Hány óra van? 10:30?' },
      { line_number: 3, speaker: 'bence', text_content: 'Fél tizenegy.' },
    ]);
    expect(result.issues.map((i) => [i.code, i.row, i.message])).toEqual([
      ['line-skipped', 4, 'Line 4 skipped: expected "SPEAKER: text"'],
      ['line-skipped', 5, 'Line 5 skipped: expected "SPEAKER: text"'],
      ['line-skipped', 6, 'Line 6 skipped: expected "SPEAKER: text"'],
    ]);
  });

  it('returns NFC text from NFD input', () => {
    const [line] = parseTranscriptEditorText('ANNA: Őszintén'.normalize('NFD')).items;
    expect(line?.text_content).toBe('Őszintén');
  });

  it('returns the editor text with upper-case speakers, one line each', () => {
    expect(
      transcriptToEditorText([
        { speaker: 'narrator', text_content: 'Reggel van.' },
        { speaker: 'anna', text_content: 'Első sor\nmásodik' },
      ]),
    ).toBe('NARRATOR: Reggel van.\nANNA: Első sor második');
  });
});
