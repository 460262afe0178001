import type { AudioMatchResult } from '@magyarul/core/audio-match';
import { useT } from '../lib/i18n/i18n.tsx';

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
  const t = useT();
  return (
    <fieldset className="admin-matching">
      <legend>{t('adminUi.audioMatching')}</legend>
      <ul>
        {words.map((word) => {
          const pair = matching.matched.find((p) => p.word.id === word.id);
          const options = [...(pair ? [pair.file] : []), ...matching.unmatchedFiles];
          return (
            <li key={word.id}>
              <span lang="hu">{word.word_hu}</span>{' '}
              <span className="small muted">
                {pair ? t('adminUi.matchedBy', { level: pair.level }) : t('adminUi.noAudio')}
              </span>{' '}
              <select
                aria-label={t('adminUi.assignFile', { word: word.word_hu })}
                value={pair?.file.name ?? ''}
                onChange={(e) => onAssign(word, e.target.value)}
              >
                <option value="">{t('adminUi.unassigned')}</option>
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
          {t('adminUi.unmatchedFiles', {
            names: matching.unmatchedFiles.map((f) => f.name).join(', '),
          })}
        </p>
      )}
    </fieldset>
  );
}
