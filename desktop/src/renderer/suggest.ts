import type { Peaks } from '../shared/model.ts';
import type { Span } from '../shared/silence.ts';
import type { SilenceRequest } from './silence-worker.ts';
import SilenceWorker from './silence-worker.ts?worker&inline';

/** Suggested spans for `lineCount` lines from the stored peaks, computed in a Web Worker. */
export function suggestSpans(peaks: Peaks, lineCount: number): Promise<Span[]> {
  return new Promise((resolve, reject) => {
    const worker = new SilenceWorker();
    worker.onmessage = (event: MessageEvent<Span[]>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    const request: SilenceRequest = {
      peaks: peaks.data,
      peaksPerSecond: peaks.peaksPerSecond,
      lineCount,
    };
    worker.postMessage(request);
  });
}
