// @echogarden/espeak-ng-emscripten ships no types: the part of its API the adapter uses.
declare module '@echogarden/espeak-ng-emscripten' {
  export type EspeakEvent = {
    readonly type: string;
    /** 1-based position in code points of the synthesised text. */
    readonly text_position: number;
    readonly word_length: number;
    /** Milliseconds into the synthesised audio. */
    readonly audio_position: number;
    readonly id?: string | number;
  };
  export type EspeakWorker = {
    readonly samplerate: number;
    rate: number;
    pitch: number;
    set_voice(name: string): number;
    synthesize(
      text: string,
      callback: (samples: Int16Array, events: EspeakEvent[]) => boolean,
    ): void;
    list_voices(): { name: string; identifier: string; languages: { name: string }[] }[];
  };
  export type EspeakModule = { eSpeakNGWorker: new () => EspeakWorker };
  const createModule: (options?: object) => Promise<EspeakModule>;
  export default createModule;
}
