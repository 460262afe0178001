import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isBlockingTranscriptIssue, readTranscript } from './transcript-import.ts';

function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
}

const lines = (result: ReturnType<typeof readTranscript>) =>
  result.items.map((l) => `${l.speaker}|${l.text_content}`);
const messages = (result: ReturnType<typeof readTranscript>) => result.issues.map((i) => i.message);

describe('readTranscript', () => {
  it('returns the create flow format (speaker,line)', () => {
    const result = readTranscript('speaker,line\nANNA,"Szia, Bence!"\nbence,Szia!\n');
    expect(result.format).toBe('csv-header');
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([
      { row: 2, line_number: 1, speaker: 'anna', text_content: 'Szia, Bence!' },
      { row: 3, line_number: 2, speaker: 'bence', text_content: 'Szia!' },
    ]);
  });

  it("returns the admin spec's review format (speaker,text) with and without a header", () => {
    expect(lines(readTranscript('Speaker,Text\nnarrator,Reggel van.\n'))).toEqual([
      'narrator|Reggel van.',
    ]);
    const plain = readTranscript('anna,Szia, Bence, hogy vagy?\nbence,"Jól, köszönöm."');
    expect(plain.format).toBe('csv');
    expect(lines(plain)).toEqual(['anna|Szia, Bence, hogy vagy?', 'bence|Jól, köszönöm.']);
  });

  it("returns the editor's 'SPEAKER: text' lines, split at the first colon", () => {
    const result = readTranscript('NARRATOR: Reggel.\n\nANNA: Hány óra van? 10:30, ugye?\n');
    expect(result.format).toBe('speaker-colon');
    expect(result.items).toEqual([
      { row: 1, line_number: 1, speaker: 'narrator', text_content: 'Reggel.' },
      { row: 3, line_number: 2, speaker: 'anna', text_content: 'Hány óra van? 10:30, ugye?' },
    ]);
  });

  it('returns the colon format from a UTF-16 file', () => {
    const result = readTranscript(fixture('transcript-colon-utf16le.txt'));
    expect(result.encoding).toBe('utf-16le');
    expect(lines(result)).toEqual([
      'narrator|Anna és Bence a kávézóban.',
      'anna|Szia, Bence! Hány óra van? 10:30?',
      'bence|Jó napot, Anna!',
    ]);
  });

  it('returns the optional translation columns, null for an empty cell', () => {
    const result = readTranscript(fixture('transcript-translations.csv'));
    expect(result.issues).toEqual([]);
    expect(result.translations).toEqual(['en', 'de', 'es']);
    expect(result.items[1]).toEqual({
      row: 3,
      line_number: 2,
      speaker: 'bence',
      text_content: 'Kérek két kiló őszibarackot.',
      translation_en: 'Two kilos of peaches please.',
      translation_de: 'Zwei Kilo Pfirsiche, bitte.',
      translation_es: null,
    });
    expect(result.items[2]?.translation_es).toBe('¡Aquí tiene! ¿También necesita un anillo?');
  });

  it('returns no translation keys when the file has no translation columns', () => {
    const [line] = readTranscript('speaker,line\nanna,Szia\n').items;
    expect(line && Object.keys(line)).toEqual(['row', 'line_number', 'speaker', 'text_content']);
  });

  it('returns a Windows-1250 file decoded, ő, ű and German letters intact', () => {
    const result = readTranscript(fixture('transcript-windows-1250.csv'));
    expect(result.encoding).toBe('windows-1250');
    expect(result.issues).toEqual([]);
    expect(result.items.map((l) => [l.text_content, l.translation_de])).toEqual([
      ['Őszi reggel van.', 'Es ist ein Herbstmorgen.'],
      ['Szia! Hűvös van.', 'Hallo! Es ist kühl.'],
      ['Igen, de szép.', 'Ja, aber schön. Grüße!'],
    ]);
  });

  it('returns a Windows-1252 file decoded, Spanish ñ ¿ ¡ intact', () => {
    const result = readTranscript(fixture('transcript-windows-1252.csv'));
    expect(result.encoding).toBe('windows-1252');
    expect(result.items.map((l) => l.translation_es)).toEqual([
      '¡Buenos días!',
      '¿Quieres café? Mañana también.',
    ]);
  });

  it.each(['transcript-mixed-code-pages.csv', 'transcript-corrupted-bytes.csv'])(
    'returns no line and one message for the unreadable %s',
    (name) => {
      const result = readTranscript(fixture(name), { skipMalformedLines: true });
      expect(result.items).toEqual([]);
      expect(result.issues.map((i) => [i.code, i.row])).toEqual([['unknown-encoding', null]]);
      expect(messages(result)[0]).toMatch(/^The file could not be read: it is not UTF-8 text/);
    },
  );

  it('returns no line at all when one row is bad (never a partial transcript)', () => {
    const result = readTranscript(
      'speaker,line\nanna,Szia\npeter,Helló\nbence,\nnarrator,Õsz van\nanna,Jó\n',
    );
    expect(result.items).toEqual([]);
    expect(messages(result)).toEqual([
      "Row 3: Unknown speaker 'peter' (use NARRATOR, ANNA or BENCE)",
      'Row 4: Missing line',
      expect.stringMatching(/^Row 5: The text looks garbled \("Õsz"\)/),
    ]);
    expect(result.issues.every(isBlockingTranscriptIssue)).toBe(true);
  });

  it('returns the missing columns of a header that names neither speaker nor text', () => {
    expect(messages(readTranscript('line,translation_en\nSzia,Hi\n'))).toEqual([
      'Missing columns: speaker',
    ]);
    expect(messages(readTranscript('speaker,translation_de\nanna,Hallo\n'))).toEqual([
      'Missing columns: line',
    ]);
  });

  it('returns the header + data rows message for an empty file or a lone header', () => {
    expect(messages(readTranscript(''))).toEqual(['CSV must have header + data rows']);
    expect(messages(readTranscript('speaker,line\n'))).toEqual([
      'CSV must have header + data rows',
    ]);
  });

  it('returns refused malformed lines by default', () => {
    const result = readTranscript('anna,Szia\njust words\n');
    expect(result.items).toEqual([]);
    expect(messages(result)).toEqual(['Row 2: Expected a speaker and a text (speaker,text)']);
    const colon = readTranscript('ANNA: Szia\nno colon here\n');
    expect(messages(colon)).toEqual(['Line 2: Expected "SPEAKER: text"']);
  });

  it("returns malformed lines skipped and reported under the review page's rules", () => {
    const result = readTranscript('speaker,text\njust words\nanna,\nanna,Szia\n', {
      skipMalformedLines: true,
    });
    expect(lines(result)).toEqual(['anna|Szia']);
    expect(result.items[0]?.line_number).toBe(1);
    expect(messages(result)).toEqual([
      'Row 2 skipped: expected a speaker and a text (speaker,text)',
      'Row 3 skipped: expected a speaker and a text (speaker,text)',
    ]);
    expect(result.issues.some(isBlockingTranscriptIssue)).toBe(false);
  });

  it('returns the file and pasted "no lines" messages when nothing is left', () => {
    expect(messages(readTranscript('speaker,text\n', { skipMalformedLines: true }))).toEqual([
      'No valid transcript lines found in file',
    ]);
    expect(
      messages(readTranscript('just words', { skipMalformedLines: true, pasted: true })),
    ).toEqual([
      'Row 1 skipped: expected a speaker and a text (speaker,text)',
      'No valid transcript lines found',
    ]);
  });

  it('returns NFD text and speakers in NFC', () => {
    const result = readTranscript('speaker,line\nAnna,Szép napot!\n'.normalize('NFD'));
    expect(result.items[0]?.text_content).toBe('Szép napot!');
    expect(result.items[0]?.text_content.normalize('NFC')).toBe(result.items[0]?.text_content);
  });

  it('returns a row refused when an unquoted comma would shift the translation columns', () => {
    const result = readTranscript(
      'speaker,line,translation_en\nanna,Szia, Bence!,Hi Bence!\nbence,Szia!,Hi!,\n',
    );
    expect(result.items).toEqual([]);
    expect(messages(result)).toEqual([
      'Row 2: 4 cells where the header has 3 columns. Put text that contains a comma in double quotes.',
    ]);
  });

  it('returns a semicolon file read by its delimiter, decimal commas kept', () => {
    expect(lines(readTranscript('speaker;line\nanna;1,5 kiló alma\n'))).toEqual([
      'anna|1,5 kiló alma',
    ]);
  });
});
