import { useState } from 'react';
import type { FormEvent } from 'react';
import type { LessonLevel, NewWordInput } from '../../shared/model.ts';
import { LEVELS } from '../../shared/model.ts';

type Props = { readonly onAdd: (word: NewWordInput) => void };

const EMPTY = { wordHu: '', wordEn: '', wordDe: '', wordEs: '' };

/**
 * Add Word: a word the folder's vocabulary file lacks (or dropped), with its meanings and
 * difficulty. Hungarian and English are required; its recording is matched in the table above.
 */
export function AddWordForm({ onAdd }: Props) {
  const [texts, setTexts] = useState(EMPTY);
  const [difficulty, setDifficulty] = useState<LessonLevel>('beginner');
  const ready = texts.wordHu.trim() !== '' && texts.wordEn.trim() !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    onAdd({ ...texts, difficulty });
    setTexts(EMPTY);
  };
  const field = (key: keyof typeof EMPTY, label: string, required = false) => (
    <label>
      {label}
      <input
        value={texts[key]}
        required={required}
        lang={key === 'wordHu' ? 'hu' : undefined}
        onChange={(e) => setTexts({ ...texts, [key]: e.currentTarget.value })}
      />
    </label>
  );
  return (
    <form aria-label="Add word" className="add-word" onSubmit={submit}>
      {field('wordHu', 'Hungarian', true)}
      {field('wordEn', 'English', true)}
      {field('wordDe', 'German')}
      {field('wordEs', 'Spanish')}
      <label>
        Difficulty
        <select
          value={difficulty}
          onChange={(e) => setDifficulty(e.currentTarget.value as LessonLevel)}
        >
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={!ready}>
        Add word
      </button>
    </form>
  );
}
