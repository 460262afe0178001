import { useCallback, useEffect, useRef, useState } from 'react';

export type TakeState = 'idle' | 'recording' | 'ready' | 'failed';

/**
 * The learner's own take for "Say it": recorded with MediaRecorder and kept in this page's
 * memory only (an object URL), never uploaded or stored; gone with the card.
 */
export function useTakeRecorder() {
  const [state, setState] = useState<TakeState>('idle');
  const [url, setUrl] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);

  const release = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);

  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    },
    [release],
  );
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState('failed');
      return;
    }
    try {
      const media = await navigator.mediaDevices.getUserMedia({ audio: true });
      stream.current = media;
      const chunks: Blob[] = [];
      const next = new MediaRecorder(media);
      next.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      next.onstop = () => {
        release();
        const blob = new Blob(chunks, { type: next.mimeType || 'audio/webm' });
        setUrl(URL.createObjectURL(blob));
        setState('ready');
      };
      recorder.current = next;
      next.start();
      setState('recording');
    } catch (error) {
      console.warn('Recording could not start', error);
      release();
      setState('failed');
    }
  }, [release]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  return { state, url, start, stop };
}
