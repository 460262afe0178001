/** One word the synthesiser spoke: seconds into its samples, UTF-16 offsets into its text. */
export type SynthesisedWord = {
  readonly start: number;
  readonly end: number;
  readonly charStart: number;
  readonly charEnd: number;
};

export type Synthesis = {
  /** Mono samples in -1..1. */
  readonly samples: Float32Array;
  readonly sampleRate: number;
  readonly words: readonly SynthesisedWord[];
};

/**
 * The port through which the aligner gets its reference speech: `text` spoken by `voice` (a
 * language code such as 'hu'), with where each word of it starts and ends. The studio passes
 * eSpeak NG compiled to WebAssembly; tests may pass any speaker that reports its words.
 */
export type SpeechSynthesiser = {
  synthesise(text: string, voice: string): Promise<Synthesis>;
};
