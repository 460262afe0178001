import type { ReactNode } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { Tabs } from './tabs.tsx';

export type LessonTabId = 'audio' | 'flashcards';

/** A lesson's two tabs, Audio and Flashcards; Flashcards opens once the audio is complete. */
export function LessonTabs({
  label,
  audioDone,
  active,
  onChange,
  children,
}: {
  label: string;
  audioDone: boolean;
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
      ]}
      active={active}
      onChange={onChange}
    >
      {children}
    </Tabs>
  );
}
