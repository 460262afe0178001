import type { AudioMatchResult } from '@magyarul/core/audio-match';
import { label } from './labels.ts';

type MatchWord = { readonly id: string; readonly word_hu: string };

/** The create dialog's word-to-audio matching: how each word was matched, and manual choice. */
export function AudioMatching<W extends MatchWord>({
  words,
  matching,
  onAssign,
}: {
  words: readonly W[];
  matching: AudioMatchResult<W, File>;
  onAssign: (word: W, fileName: string) => void;
}) {
  return (
    <fieldset className="admin-matching">
      <legend>{label('audioMatching')}</legend>
      <ul>
        {words.map((word) => {
          const pair = matching.matched.find((p) => p.word.id === word.id);
          const options = [...(pair ? [pair.file] : []), ...matching.unmatchedFiles];
          return (
            <li key={word.id}>
              <span lang="hu">{word.word_hu}</span>{' '}
              <span className="small muted">
                {pair ? label('matchedBy', { level: pair.level }) : label('noAudio')}
              </span>{' '}
              <select
                aria-label={label('assignFile', { word: word.word_hu })}
                value={pair?.file.name ?? ''}
                onChange={(e) => onAssign(word, e.target.value)}
              >
                <option value="">{label('unassigned')}</option>
                {options.map((f) => (
                  <option key={f.name} value={f.name}>
                    {f.name}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      {matching.unmatchedFiles.length > 0 && (
        <p className="small muted">
          {label('unmatchedFiles', {
            names: matching.unmatchedFiles.map((f) => f.name).join(', '),
          })}
        </p>
      )}
    </fieldset>
  );
}
