import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LESSON_AUDIO_ACCEPT, checkUpload } from '@magyarul/core/files';
import type { Message } from '@magyarul/core/messages';
import { validateNewWord } from '@magyarul/core/validation';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useDifficultyChoices } from './admin-table.tsx';
import type { EditorDifficulty } from './difficulty.ts';
import { FieldError, LabelledInput } from './shared.tsx';
import { FileField, SelectField } from './form-fields.tsx';
import { readAudioFile } from './audio-content.ts';

export type NewWord = {
  hu: string;
  en: string;
  de: string;
  es: string;
  difficulty: EditorDifficulty;
  file: File | null;
};

/**
 * The spec's message for a word audio file that may not be uploaded, or null: its name and
 * size first, then its content (decodable MP3, WAV, M4A or AAC).
 */
export async function audioError(file: File): Promise<Message | null> {
  const check = checkUpload('review-vocabulary-audio', file);
  if (!check.ok) return check;
  const content = await readAudioFile('review-vocabulary-audio', file);
  return content.ok ? null : content;
}

export function AddWordDialog({
  open,
  onClose,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  onAdd: (word: NewWord) => Promise<boolean>;
}) {
  const t = useT();
  const difficulties = useDifficultyChoices();
  const [hu, setHu] = useState('');
  const [en, setEn] = useState('');
  const [de, setDe] = useState('');
  const [es, setEs] = useState('');
  const [difficulty, setDifficulty] = useState<EditorDifficulty>('easy');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const clear = () => {
    setHu('');
    setEn('');
    setDe('');
    setEs('');
    setFile(null);
    setError(null);
  };
  // The file's content is read first; only a word that passes it goes to onAdd (which saves it
  // and says how that went).
  const add = useMutation({
    mutationFn: async (word: NewWord): Promise<Message | boolean> => {
      const problem = word.file ? await audioError(word.file) : null;
      return problem ?? (await onAdd(word));
    },
    onSuccess: (outcome) => {
      if (typeof outcome === 'object') return setError(t(outcome.key, outcome.params));
      if (!outcome) return;
      clear();
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const checked = validateNewWord({ word_hu: hu, word_en: en, difficulty });
    if (!checked.ok) {
      setError(t(checked.key, checked.params));
      return;
    }
    add.mutate({ hu, en, de, es, difficulty, file });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('vocabulary.addWord')}
      closeLabel={t('app.close')}
    >
      <form className="form" onSubmit={submit} noValidate aria-busy={add.isPending}>
        <LabelledInput label={`${t('adminUi.hungarian')} *`}>
          {(id) => <input id={id} lang="hu" value={hu} onChange={(e) => setHu(e.target.value)} />}
        </LabelledInput>
        <LabelledInput label={`${t('adminUi.english')} *`}>
          {(id) => <input id={id} value={en} onChange={(e) => setEn(e.target.value)} />}
        </LabelledInput>
        <LabelledInput label={t('translations.language.de')}>
          {(id) => <input id={id} lang="de" value={de} onChange={(e) => setDe(e.target.value)} />}
        </LabelledInput>
        <LabelledInput label={t('translations.language.es')}>
          {(id) => <input id={id} lang="es" value={es} onChange={(e) => setEs(e.target.value)} />}
        </LabelledInput>
        <SelectField
          label={t('adminUi.difficulty')}
          value={difficulty}
          options={difficulties}
          onChange={setDifficulty}
        />
        <FileField
          label={t('adminUi.optionalAudio')}
          accept={LESSON_AUDIO_ACCEPT}
          onFiles={(list) => setFile(list?.[0] ?? null)}
        />
        <FieldError message={error} />
        <div className="form-actions">
          <Button type="submit" disabled={add.isPending}>
            {t('adminUi.addWordSubmit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
