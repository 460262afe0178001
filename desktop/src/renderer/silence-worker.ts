// Web Worker: works out suggested line boundaries from the peaks off the page's thread, so a
// long recording never stalls the editor (see shared/silence.ts for how).
import { decodePeaks } from '../shared/peaks-codec.ts';
import { suggestLineSpans } from '../shared/silence.ts';

export type SilenceRequest = {
  readonly peaks: string;
  readonly peaksPerSecond: number;
  readonly lineCount: number;
};

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SilenceRequest>) => void) | null;
  postMessage: (message: unknown) => void;
};
scope.onmessage = (event) => {
  const { peaks, peaksPerSecond, lineCount } = event.data;
  scope.postMessage(suggestLineSpans(decodePeaks(peaks), peaksPerSecond, lineCount));
};
