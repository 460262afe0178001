import type { CardWord } from '@magyarul/core/flashcards';
import type { TranscriptLine } from '../components/transcript.tsx';

// The public demo lesson: authored content (Hungarian with its meanings and line translations in
// English, German and Spanish), not interface text.
export const DEMO_LINES: readonly TranscriptLine[] = [
  {
    line_number: 1,
    speaker: 'narrator',
    text_content: 'Anna és Bence egy kávézóban találkoznak.',
    translation_en: 'Anna and Bence meet in a café.',
    translation_de: 'Anna und Bence treffen sich in einem Café.',
    translation_es: 'Anna y Bence se encuentran en una cafetería.',
    start_time: 0,
    end_time: 4,
  },
  {
    line_number: 2,
    speaker: 'anna',
    text_content: 'Szia, Bence! Hogy vagy?',
    translation_en: 'Hi, Bence! How are you?',
    translation_de: 'Hallo, Bence! Wie geht es dir?',
    translation_es: '¡Hola, Bence! ¿Qué tal estás?',
    start_time: 4,
    end_time: 8,
  },
  {
    line_number: 3,
    speaker: 'bence',
    text_content: 'Szia, Anna! Jól vagyok, köszönöm. És te?',
    translation_en: "Hi, Anna! I'm fine, thank you. And you?",
    translation_de: 'Hallo, Anna! Mir geht es gut, danke. Und dir?',
    translation_es: '¡Hola, Anna! Estoy bien, gracias. ¿Y tú?',
    start_time: 8,
    end_time: 12,
  },
  {
    line_number: 4,
    speaker: 'anna',
    text_content: 'Én is jól. Kérsz egy kávét?',
    translation_en: "I'm fine too. Would you like a coffee?",
    translation_de: 'Mir auch. Möchtest du einen Kaffee?',
    translation_es: 'Yo también. ¿Quieres un café?',
    start_time: 12,
    end_time: 16,
  },
  {
    line_number: 5,
    speaker: 'bence',
    text_content: 'Igen, kérek. Köszönöm!',
    translation_en: 'Yes, please. Thank you!',
    translation_de: 'Ja, gern. Danke!',
    translation_es: 'Sí, por favor. ¡Gracias!',
    start_time: 16,
    end_time: 20,
  },
];

export const DEMO_WORDS: readonly CardWord[] = [
  {
    id: 'demo-1',
    word_hu: 'szia',
    word_en: 'hi',
    word_de: 'hallo',
    word_es: 'hola',
    difficulty: 'beginner',
  },
  {
    id: 'demo-2',
    word_hu: 'köszönöm',
    word_en: 'thank you',
    word_de: 'danke',
    word_es: 'gracias',
    difficulty: 'beginner',
  },
  {
    id: 'demo-3',
    word_hu: 'kávé',
    word_en: 'coffee',
    word_de: 'Kaffee',
    word_es: 'café',
    difficulty: 'beginner',
  },
];

export const DEMO_SECONDS = 22;

/**
 * A short, quiet WAV (8 kHz, 8-bit mono) so the demo player has real audio to play without a
 * network file: a soft 220 Hz tone at each line start, silence in between.
 */
export function demoWav(
  seconds: number = DEMO_SECONDS,
  lineStarts: readonly number[] = DEMO_LINES.map((l) => l.start_time),
): Uint8Array {
  const rate = 8000;
  const samples = Math.round(seconds * rate);
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) bytes[offset + i] = value.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) {
    const time = i / rate;
    const tone = lineStarts.some((start) => time >= start && time < start + 0.3);
    bytes[44 + i] = tone ? Math.round(128 + 20 * Math.sin(2 * Math.PI * 220 * time)) : 128;
  }
  return bytes;
}
