import { useCallback, useEffect, useRef, useState } from 'react';
import { gradePracticeAnswer } from '@magyarul/core/practice';
import type { PracticeAnswer, PracticeGrade } from '@magyarul/core/practice';
import type { CardResult } from './card-result.ts';
import { useCardKeys, useShownAt } from './card-result.ts';

type Graded = Exclude<PracticeAnswer, { skill: 'recognition' | 'speaking' }>;

/**
 * A typed card's flow: type, Check (Enter) shows the verdict at once (core's check, the same the
 * server grades with), then Continue (Enter) or Easy (4, after a right answer) hands the answer
 * on. The answer is recorded then, so Easy is only ever a right answer's.
 */
export function useTypedCard(options: {
  /** The answer as core grades it, from what was typed. */
  readonly toAnswer: (typed: string, durationMs: number) => Graded;
  readonly onDone: (result: CardResult) => void;
  readonly record: (typed: string, durationMs: number, easy: boolean) => CardResult['answer'];
}) {
  const { toAnswer, onDone, record } = options;
  const elapsed = useShownAt();
  const [typed, setTyped] = useState('');
  const [result, setResult] = useState<{ grade: PracticeGrade; durationMs: number } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const done = useRef(false);

  useEffect(() => {
    if (result) continueRef.current?.focus();
    else inputRef.current?.focus();
  }, [result]);

  const check = useCallback(() => {
    if (result || typed.trim() === '') return;
    const durationMs = elapsed();
    setResult({ grade: gradePracticeAnswer(toAnswer(typed, durationMs)), durationMs });
  }, [result, typed, elapsed, toAnswer]);

  const finish = useCallback(
    (easy: boolean) => {
      if (!result || done.current) return;
      if (easy && !result.grade.correct) return;
      done.current = true;
      onDone({ correct: result.grade.correct, answer: record(typed, result.durationMs, easy) });
    },
    [result, typed, onDone, record],
  );

  useCardKeys({
    onDigit: (digit) => {
      if (digit === 4) finish(true);
    },
    onEnter: () => (result ? finish(false) : check()),
  });

  return {
    typed,
    setTyped,
    grade: result?.grade ?? null,
    check,
    submit: () => (result ? finish(false) : check()),
    finish,
    inputRef,
    continueRef,
  };
}
