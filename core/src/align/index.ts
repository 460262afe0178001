export { ALIGN_DEFAULTS, alignLines } from './align.ts';
export type {
  AlignInput,
  AlignLineInput,
  AlignOptions,
  AlignedLine,
  AlignedToken,
} from './align.ts';
export type { SpeechSynthesiser, Synthesis, SynthesisedWord } from './port.ts';
export { soundingSpan, tokenSpans } from './reference.ts';
export { implausiblePace, syllables } from './pace.ts';
export type { Pace } from './pace.ts';
