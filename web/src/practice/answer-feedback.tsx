import type { AnswerCheck, DiffSegment, LineCheck, WordStatus } from '@magyarul/core/answers';
import { useT } from '../lib/i18n/i18n.tsx';
import type { TextKey } from '../lib/i18n/catalogue.ts';

/**
 * The expected answer with what the learner got wrong marked in it: a letter typed wrong or
 * missing is highlighted, a letter typed that the answer lacks is shown struck through.
 */
export function MarkedAnswer({ segments }: { segments: readonly DiffSegment[] }) {
  return (
    <span className="marked-answer" lang="hu">
      {segments.map((segment, i) => {
        if (segment.type === 'same') return <span key={i}>{segment.text}</span>;
        if (segment.type === 'extra') {
          return (
            <del key={i} className="diff-extra">
              {segment.typed}
            </del>
          );
        }
        return (
          <mark key={i} className={`diff-${segment.type}`}>
            {segment.expected}
          </mark>
        );
      })}
    </span>
  );
}

/** What a checked word answer says: right, or the answer with its differences named. */
export function WordFeedback({ check }: { check: AnswerCheck }) {
  const t = useT();
  if (check.verdict === 'right') return <p className="good">{t('answers.right')}</p>;
  const key = check.verdict === 'nearMiss' ? 'answers.nearMiss' : 'answers.wrong';
  return (
    <div className="answer-feedback">
      <p className="bad">{t(key, { answer: check.headword })}</p>
      {check.segments.length > 0 && (
        <p className="marked-line">
          <MarkedAnswer segments={check.segments} />
        </p>
      )}
      {check.verdict === 'nearMiss' && check.differences.length > 0 && (
        <ul className="differences">
          {check.differences.map((difference, i) => (
            <li key={i}>{t(difference.key, difference.params)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

const STATUS_KEY: Readonly<Record<WordStatus, TextKey>> = {
  right: 'practice.word.right',
  nearMiss: 'practice.word.nearMiss',
  wrong: 'practice.word.wrong',
  missing: 'practice.word.missing',
  extra: 'practice.word.extra',
};

/** A dictation checked word by word: each word of the line marked, with what was off. */
export function LineFeedback({ check, line }: { check: LineCheck; line: string }) {
  const t = useT();
  const total = check.words.filter((w) => w.status !== 'extra').length;
  return (
    <div className="answer-feedback">
      <p className={check.right ? 'good' : 'bad'}>
        {check.right
          ? t('answers.right')
          : t('practice.dictation.words', { right: check.rightCount, total })}
      </p>
      <ol className="line-words" lang="hu">
        {check.words.map((word, i) => (
          <li key={i} className={`line-word word-${word.status}`}>
            {word.status === 'nearMiss' ? (
              <MarkedAnswer segments={word.segments} />
            ) : (
              <span>{word.expected ?? word.typed}</span>
            )}
            <span className="visually-hidden"> ({t(STATUS_KEY[word.status])})</span>
            {word.status === 'nearMiss' && word.differences.length > 0 && (
              <span className="word-differences">
                {word.differences.map((d) => t(d.key, d.params)).join('; ')}
              </span>
            )}
          </li>
        ))}
      </ol>
      {!check.right && (
        <p className="muted small">
          {t('practice.dictation.line')}: <span lang="hu">{line}</span>
        </p>
      )}
    </div>
  );
}
