import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { audioUrlOf, updateVocabulary } from './api.ts';
import { audioError } from './add-word-dialog.tsx';
import { DifficultyOptions, MeaningCells } from './admin-table.tsx';
import { AudioFileInput, removeAudio, replaceAudio, useAudioDownload } from './audio-files.tsx';
import type { EditorDifficulty } from './difficulty.ts';
import type { EditorWord } from './review-vocabulary.tsx';

/** A word's audio: stored or replaced (its file checked first), and removed. */
function useWordAudio(word: EditorWord, lessonId: string, onStored: (path: string | null) => void) {
  const t = useT();
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const problem = await audioError(file);
      if (problem) return { ok: false as const, problem };
      const path = await replaceAudio(`${lessonId}/words`, file, word.audio_file_path, (p) =>
        updateVocabulary(word.id, { audio_file_path: p }),
      );
      return { ok: true as const, path };
    },
    onSuccess: (result) => {
      if (!result.ok) return notify.error(t(result.problem.key, result.problem.params));
      onStored(result.path);
      notify.success(t('reviewAudio.uploaded'));
    },
    onError: (error) => {
      console.error('Word audio upload failed', error);
      notify.error(t('reviewAudio.uploadFailed'));
    },
  });
  const removal = useMutation({
    mutationFn: (stored: string) =>
      removeAudio(stored, () => updateVocabulary(word.id, { audio_file_path: null })),
    onSuccess: () => {
      onStored(null);
      notify.success(t('reviewAudio.deleted'));
    },
    onError: () => notify.error(t('reviewAudio.deleteFailed')),
  });
  const play = async () => {
    const url = await audioUrlOf(word.audio_file_path);
    if (!url) return notify.error(t('reviewAudio.noFile'));
    try {
      await new Audio(url).play();
    } catch {
      notify.error(t('reviewAudio.loadFailed'));
    }
  };
  const remove = () => {
    if (word.audio_file_path && window.confirm(t('confirm.deleteVocabularyAudio'))) {
      removal.mutate(word.audio_file_path);
    }
  };
  return {
    upload: (file: File) => upload.mutate(file),
    remove,
    play,
    busy: upload.isPending || removal.isPending,
  };
}

/** One word of the review page: its fields (edits unsaved until Save) and its audio. */
export function WordRow({
  word,
  lessonId,
  onChange,
  onDelete,
}: {
  word: EditorWord;
  lessonId: string;
  onChange: (word: EditorWord, edited: boolean) => void;
  onDelete: () => void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const name = word.word_hu || word.id;
  const audio = useWordAudio(word, lessonId, (path) =>
    onChange({ ...word, audio_file_path: path }, false),
  );
  const download = useAudioDownload();
  const edit = (patch: Partial<EditorWord>) => onChange({ ...word, ...patch }, true);
  // What each audio button does; the file input is opened only when one is clicked.
  const run = (action: 'play' | 'download' | 'pick' | 'remove') => {
    if (action === 'play') void audio.play();
    else if (action === 'download') void download(word.audio_file_path);
    else if (action === 'pick') input.current?.click();
    else audio.remove();
  };
  // [label, text, action, disabled while the word's audio is being stored or removed]
  const audioButtons: readonly [string, string, Parameters<typeof run>[0], boolean][] =
    word.audio_file_path
      ? [
          [t('adminUi.play', { word: name }), t('reviewAudio.play'), 'play', false],
          [t('adminUi.downloadWord', { word: name }), t('reviewAudio.download'), 'download', false],
          [t('adminUi.replaceWordAudio', { word: name }), t('reviewAudio.replace'), 'pick', true],
          [t('adminUi.deleteWordAudio', { word: name }), t('reviewAudio.delete'), 'remove', true],
        ]
      : [[t('adminUi.uploadWordAudio', { word: name }), t('reviewAudio.upload'), 'pick', true]];

  return (
    <tr>
      <td>
        <input
          aria-label={`${t('adminUi.hungarian')} ${name}`}
          placeholder={t('adminUi.hungarian')}
          lang="hu"
          value={word.word_hu}
          onChange={(e) => edit({ word_hu: e.target.value })}
        />
      </td>
      <td>
        <input
          aria-label={`${t('adminUi.english')} ${name}`}
          placeholder={t('adminUi.english')}
          value={word.word_en}
          onChange={(e) => edit({ word_en: e.target.value })}
        />
      </td>
      <MeaningCells word={word} name={name} onEdit={(column, value) => edit({ [column]: value })} />
      <td>
        <select
          aria-label={`${t('adminUi.difficulty')} ${name}`}
          value={word.difficulty}
          onChange={(e) => edit({ difficulty: e.target.value as EditorDifficulty })}
        >
          <DifficultyOptions />
        </select>
      </td>
      <td>
        <div className="button-row admin-word-actions" aria-busy={audio.busy}>
          {audioButtons.map(([label, text, action, waits]) => (
            <Button
              key={label}
              variant="ghost"
              aria-label={label}
              disabled={waits && audio.busy}
              onClick={() => run(action)}
            >
              {text}
            </Button>
          ))}
          <AudioFileInput
            ref={input}
            label={t('adminUi.wordAudioFile', { word: name })}
            onFile={audio.upload}
            disabled={audio.busy}
          />
          <Button
            variant="danger"
            aria-label={t('adminUi.deleteWord', { word: name })}
            disabled={audio.busy}
            onClick={onDelete}
          >
            {t('vocabulary.deleteWord')}
          </Button>
        </div>
      </td>
    </tr>
  );
}
