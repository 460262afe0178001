import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { Tabs } from './tabs.tsx';

export type LessonTabId = 'audio' | 'flashcards' | 'practice';

/**
 * A lesson's tabs: Audio, Flashcards (open once the audio is complete) and Practice (open once
 * the flashcards are passed).
 */
export function LessonTabs({
  label,
  audioDone,
  passed,
  active,
  onChange,
  children,
}: {
  label: string;
  audioDone: boolean;
  /** Whether the flashcards are passed; without it (the demo lesson) there is no Practice tab. */
  passed?: boolean;
  active: LessonTabId;
  onChange: (id: LessonTabId) => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Tabs
      label={label}
      tabs={[
        { id: 'audio', label: t('lesson.tab.audio') },
        { id: 'flashcards', label: t('lesson.tab.flashcards'), disabled: !audioDone },
        ...(passed === undefined
          ? []
          : [{ id: 'practice' as const, label: t('lesson.tab.practice'), disabled: !passed }]),
      ]}
      active={active}
      onChange={onChange}
    >
      {children}
    </Tabs>
  );
}
