import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  buildLessonSession,
  mulberry32,
  type Flashcard,
  type MeaningLanguage,
} from '@magyarul/core/flashcards';
import { useT } from '../lib/i18n/i18n.tsx';
import { useMeaningLanguage } from '../lib/meaning-language.ts';
import { DEMO_LINES, DEMO_WORDS, demoWav } from '../lib/demo-content.ts';
import { withDemoTokens } from '../lib/demo-tokens.ts';
import { useAuth } from '../lib/auth.tsx';
import { NO_KNOWN_WORDS } from '../tokens/word-token.ts';
import type { WordHelp } from '../tokens/word-panel-host.tsx';
import { AudioPlayer } from '../components/audio-player.tsx';
import { Button } from '../components/button.tsx';
import type { SessionSummary } from '../components/flashcard-player.tsx';
import { FlashcardRound } from '../components/flashcard-round.tsx';
import { Spinner } from '../components/spinner.tsx';
import { LessonTabs, type LessonTabId } from '../components/lesson-tabs.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { LessonProgressStrip } from '../components/lesson-progress-strip.tsx';

const OPEN_FLASHCARDS_AFTER_MS = 1500;
const DEMO_TRANSCRIPT = withDemoTokens(DEMO_LINES);
const DEMO_WORD_MAP = new Map(DEMO_WORDS.map((word) => [word.id, word] as const));

function demoCards(seed: number, language: MeaningLanguage, round: number): Flashcard[] {
  // Three sample cards, one per word, both directions represented (the other way on Try Again).
  return buildLessonSession(DEMO_WORDS, { random: mulberry32(seed), language, round }).slice(0, 3);
}

export function LessonDemoPage() {
  const t = useT();
  const navigate = useNavigate();
  const [tab, setTab] = useState<LessonTabId>('audio');
  const [complete, setComplete] = useState(false);
  const [round, setRound] = useState(0);
  const meaning = useMeaningLanguage();
  const { user } = useAuth();
  // The demo's words are not the course's: a visitor is offered an account, a learner nothing.
  const wordHelp = useMemo<WordHelp>(
    () => ({
      words: DEMO_WORD_MAP,
      known: NO_KNOWN_WORDS,
      keep: user ? null : 'sign-up',
      backendUrl: '',
    }),
    [user],
  );
  // Drawn when the Flashcards tab first opens, in the learner's language once it is known.
  const [cards, setCards] = useState<Flashcard[] | null>(null);
  const [summary, setSummary] = useState<SessionSummary | null>(null);

  if (tab === 'flashcards' && cards === null && meaning.ready) {
    setCards(demoCards(1, meaning.language, 0));
  }

  const audioUrl = useMemo(
    () => URL.createObjectURL(new Blob([demoWav().buffer as ArrayBuffer], { type: 'audio/wav' })),
    [],
  );
  useEffect(() => () => URL.revokeObjectURL(audioUrl), [audioUrl]);

  useEffect(() => {
    if (!complete) return;
    const timer = window.setTimeout(() => setTab('flashcards'), OPEN_FLASHCARDS_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [complete]);

  const onFinished = useCallback((result: SessionSummary) => setSummary(result), []);
  const onAnswer = useCallback(() => undefined, []);

  return (
    <>
      <SiteHeader />
      <main id="main" className="page">
        <header className="lesson-header">
          <h1>{t('lesson.demoTitle')}</h1>
          <LessonProgressStrip audioDone={complete} flashcards={complete ? 'ready' : 'locked'} />
        </header>
        <LessonTabs
          label={t('lesson.demoTitle')}
          audioDone={complete}
          active={tab}
          onChange={setTab}
        >
          {tab === 'audio' ? (
            <div className="stack">
              <AudioPlayer
                sources={[audioUrl]}
                lines={DEMO_TRANSCRIPT}
                language={meaning.language}
                wordHelp={wordHelp}
                onComplete={() => setComplete(true)}
              />
              <Button variant="secondary" disabled={complete} onClick={() => setComplete(true)}>
                {t('lesson.markCompleteDemo')}
              </Button>
            </div>
          ) : cards === null ? (
            <Spinner label={t('lesson.loadingFlashcards')} />
          ) : (
            <FlashcardRound
              round={round}
              summary={summary}
              cards={cards}
              language={meaning.language}
              onAnswer={onAnswer}
              onFinished={onFinished}
              continueLabel={t('flashcards.continueToDashboard')}
              onContinue={() => void navigate('/dashboard')}
              onTryAgain={() => {
                setSummary(null);
                setCards(demoCards(round + 2, meaning.language, round + 1));
                setRound((n) => n + 1);
              }}
            />
          )}
        </LessonTabs>
      </main>
    </>
  );
}
