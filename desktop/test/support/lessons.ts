import { mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAudio } from './audio.ts';

/** Windows-1250 bytes for the Hungarian letters that differ from Latin-1 (ő, ű, Ő, Ű). */
function windows1250(text: string): Buffer {
  const map: Record<string, number> = {
    ő: 0xf5,
    ű: 0xfb,
    Ő: 0xd5,
    Ű: 0xdb,
    á: 0xe1,
    é: 0xe9,
    ö: 0xf6,
    ü: 0xfc,
    ó: 0xf3,
    í: 0xed,
    ú: 0xfa,
  };
  return Buffer.from([...text].map((ch) => map[ch] ?? ch.charCodeAt(0)));
}

/**
 * A lessons root with hostile content:
 * - `01 Köszönés`: clean, a BOM transcript, word audio named in NFC, NFD and with spaces and
 *   mixed case; a dialogue of three bursts separated by silence.
 * - `02 Piac`: a Windows-1250 transcript, a bad difficulty row, a truncated MP3, a WAV whose
 *   header lies about its length, a file that is not audio, an unsupported .ogg.
 * - `03 Üres`: an empty folder.
 */
export function writeLessonsRoot(root: string): void {
  const a = join(root, '01 Köszönés');
  mkdirSync(join(a, 'words'), { recursive: true });
  writeAudio(join(a, 'dialogue.mp3'), 6, { on: 1.4, off: 0.6 });
  writeFileSync(
    join(a, 'transcript.csv'),
    '\uFEFFspeaker,line\nAnna,"Szia, Bence!"\nBence,Szia Anna! Hogy vagy?\nAnna,"Köszönöm, jól."\n',
  );
  writeFileSync(
    join(a, 'vocabulary.csv'),
    'word_hu,word_en,difficulty\nszia,hi,beginner\nköszönöm,thank you,Beginner\njó reggelt,good morning,intermediate\nőszibarack,peach,advanced\n',
  );
  writeAudio(join(a, 'words', 'szia.mp3'), 0.6);
  writeAudio(join(a, 'words', 'köszönöm.mp3'.normalize('NFD')), 0.6);
  writeAudio(join(a, 'words', 'Jó Reggelt.wav'), 0.6);
  writeAudio(join(a, 'words', 'extra.mp3'), 0.4);

  const b = join(root, '02 Piac');
  mkdirSync(b, { recursive: true });
  writeAudio(join(b, 'lesson.wav'), 3);
  writeFileSync(
    join(b, 'transcript.csv'),
    windows1250('speaker,line\nnarrator,A piacon\nanna,Kérek egy kiló szőlőt.\n'),
  );
  writeFileSync(
    join(b, 'vocabulary.csv'),
    'word_hu,word_en,difficulty\nalma,apple,easy\nkörte,pear,beginner\nszőlő,grape,beginner\n',
  );
  writeAudio(join(b, 'körte.mp3'), 2);
  truncateSync(join(b, 'körte.mp3'), Math.floor(readFileSync(join(b, 'körte.mp3')).length / 3));
  writeAudio(join(b, 'szőlő.wav'), 0.5);
  // A RIFF header that claims ten times the data that follows.
  const wav = readFileSync(join(b, 'szőlő.wav'));
  const data = wav.indexOf('data', 12, 'latin1') + 4;
  wav.writeUInt32LE(wav.readUInt32LE(data) * 10, data);
  wav.writeUInt32LE(wav.readUInt32LE(4) * 10, 4);
  writeFileSync(join(b, 'szőlő.wav'), wav);
  writeFileSync(join(b, 'alma.mp3'), 'this is not audio at all');
  writeFileSync(join(b, 'dinnye.ogg'), 'OggS');
  writeFileSync(
    join(b, 'dinnye.wma'),
    Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]),
  );

  mkdirSync(join(root, '03 Üres'), { recursive: true });
}

/**
 * A clean lesson folder: a dialogue of `lines` bursts (1 s of tone, 0.5 s of silence each), a
 * transcript with all three translations, and a two-word vocabulary with German and Spanish
 * meanings and a recording for each word.
 */
export function writeCleanLesson(root: string, folderName: string, lines = 2): string {
  const folder = join(root, folderName);
  mkdirSync(folder, { recursive: true });
  writeAudio(join(folder, 'dialogue.wav'), lines * 1.5, { on: 1, off: 0.5 });
  const texts = ['Jó napot!', 'Jó napot kívánok!', 'Hogy van?', 'Köszönöm, jól.'];
  writeFileSync(
    join(folder, 'transcript.csv'),
    [
      'speaker,line,translation_en,translation_de,translation_es',
      ...Array.from({ length: lines }, (_, i) => {
        const text = texts[i % texts.length] ?? '';
        return `${i % 2 ? 'bence' : 'anna'},"${text}","EN ${text}","DE ${text}","ES ${text}"`;
      }),
    ].join('\n'),
  );
  writeFileSync(
    join(folder, 'vocabulary.csv'),
    'word_hu,word_en,difficulty,word_de,word_es\nnap,day,beginner,Tag,día\njó,good,beginner,gut,bueno\n',
  );
  writeAudio(join(folder, 'nap.wav'), 0.3);
  writeAudio(join(folder, 'jó.wav'), 0.3, { frequency: 440 });
  return folder;
}
