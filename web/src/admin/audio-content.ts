import { parseBlob } from 'music-metadata';
import {
  checkAudioContent,
  type AudioContentCheck,
  type AudioContentProbe,
  type AudioContext,
} from '@magyarul/core/files';

/** What music-metadata finds in the file's bytes: its name and the browser's type are left out. */
async function probe(file: Blob): Promise<AudioContentProbe> {
  try {
    // A Blob without a type: the parser then sniffs the content instead of trusting ".mp3".
    const { format } = await parseBlob(new Blob([file]), { duration: true, skipCovers: true });
    return {
      container: format.container ?? null,
      codec: format.codec ?? null,
      seconds: format.duration ?? null,
    };
  } catch {
    return null;
  }
}

/**
 * Reads a chosen audio file in the browser before anything is uploaded: refused with the
 * place's message unless it is decodable audio of an accepted type; otherwise its duration.
 */
export async function readAudioFile(context: AudioContext, file: File): Promise<AudioContentCheck> {
  return checkAudioContent(context, file.name, await probe(file));
}
