import { useId, type Ref } from 'react';
import { ACCENT_LETTERS, ACCENT_LETTERS_UPPER } from '@magyarul/core/answers';
import { useT } from '../lib/i18n/i18n.tsx';

/**
 * The typed answer: a box labelled "Your answer" that phones leave alone (no autocorrect,
 * autocapitalisation or spell check: they would "fix" Hungarian into another language), and a
 * row of buttons that type á é í ó ö ő ú ü ű where the caret is, for keyboards without them
 * (Shift types the capital). The buttons keep the focus in the box.
 */
export function AnswerInput({
  value,
  onChange,
  onSubmit,
  disabled,
  lang = 'hu',
  inputRef,
  describedBy,
  accents = true,
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  disabled: boolean;
  lang?: string;
  inputRef: Ref<HTMLInputElement> & { current: HTMLInputElement | null };
  describedBy?: string;
  accents?: boolean;
}) {
  const t = useT();
  const id = useId();

  const type = (letter: string) => {
    const input = inputRef.current;
    if (!input || disabled) return;
    const start = input.selectionStart ?? value.length;
    const end = input.selectionEnd ?? value.length;
    const next = value.slice(0, start) + letter + value.slice(end);
    onChange(next);
    requestAnimationFrame(() => {
      input.focus();
      input.setSelectionRange(start + letter.length, start + letter.length);
    });
  };

  return (
    <div className="answer-input">
      <label htmlFor={`${id}-answer`}>{t('practice.answerLabel')}</label>
      <input
        id={`${id}-answer`}
        ref={inputRef}
        className="answer-box"
        type="text"
        lang={lang}
        value={value}
        readOnly={disabled}
        aria-describedby={describedBy}
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="done"
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSubmit();
          }
        }}
      />
      {accents && (
        <div className="accent-row" role="group" aria-label={t('practice.accents')}>
          {ACCENT_LETTERS.map((letter, i) => (
            <button
              key={letter}
              type="button"
              className="accent-key"
              lang="hu"
              disabled={disabled}
              aria-label={t('practice.typeLetter', { letter })}
              // Keeps the caret (and the phone's keyboard) in the answer box.
              onMouseDown={(e) => e.preventDefault()}
              onClick={(e) => type(e.shiftKey ? (ACCENT_LETTERS_UPPER[i] ?? letter) : letter)}
            >
              {letter}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
