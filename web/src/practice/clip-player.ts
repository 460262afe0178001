// Plays one stretch of a recording (a dialogue line inside the lesson's audio, a word, the
// learner's own take): the first source that loads, from `start` to `end`, at a rate. One
// element per player; a new play stops the one before. Resolves when the clip has played (or was
// stopped), rejects when no source could play.
import type { AudioSpan } from '@magyarul/core/practice';

export type Clip = {
  /** Candidate URLs of the same recording, tried in order. */
  readonly sources: readonly string[];
  /** The stretch to play; the whole recording when absent. */
  readonly span?: AudioSpan | null;
  readonly rate?: number;
};

function once(audio: HTMLAudioElement, ok: string, fail: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      audio.removeEventListener(ok, onOk);
      audio.removeEventListener(fail, onFail);
    };
    const onOk = () => {
      done();
      resolve();
    };
    const onFail = () => {
      done();
      reject(new Error(`audio ${fail}`));
    };
    audio.addEventListener(ok, onOk);
    audio.addEventListener(fail, onFail);
  });
}

export class ClipPlayer {
  private readonly audio = new Audio();
  private run = 0;
  private frame = 0;
  private finish: (() => void) | null = null;

  constructor() {
    this.audio.preload = 'auto';
  }

  /** Loads the first source that works (the current one is kept when it is a candidate). */
  private async load(sources: readonly string[]): Promise<void> {
    if (sources.includes(this.audio.src) && this.audio.readyState >= 1) return;
    let last: unknown = new Error('no audio source');
    for (const source of sources) {
      this.audio.src = source;
      try {
        await once(this.audio, 'loadedmetadata', 'error');
        return;
      } catch (error) {
        last = error;
      }
    }
    throw last;
  }

  async play(clip: Clip): Promise<void> {
    this.stop();
    const run = ++this.run;
    await this.load(clip.sources);
    if (run !== this.run) return;
    const { span, rate = 1 } = clip;
    this.audio.playbackRate = rate;
    this.audio.currentTime = span?.start ?? 0;
    await this.audio.play();
    await new Promise<void>((resolve) => {
      this.finish = resolve;
      const tick = () => {
        if (run !== this.run) return resolve();
        if (this.audio.ended || this.audio.paused || (span && this.audio.currentTime >= span.end)) {
          this.audio.pause();
          this.finish = null;
          resolve();
          return;
        }
        this.frame = requestAnimationFrame(tick);
      };
      this.frame = requestAnimationFrame(tick);
    });
  }

  stop(): void {
    this.run++;
    cancelAnimationFrame(this.frame);
    if (!this.audio.paused) this.audio.pause();
    this.finish?.();
    this.finish = null;
  }

  dispose(): void {
    this.stop();
    this.audio.removeAttribute('src');
    this.audio.load();
  }
}
