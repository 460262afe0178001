import type { ComponentProps } from 'react';
import type { LessonDraft } from '../../shared/model.ts';
import { LineGrid } from './line-grid.tsx';
import { VocabularyPanel } from './vocabulary-panel.tsx';

export type ContentTab = 'lines' | 'vocabulary';

type Props = {
  readonly draft: LessonDraft;
  readonly tab: ContentTab;
  readonly onTab: (tab: ContentTab) => void;
  /** What the transcript grid is given (its lines are the draft's). */
  readonly lineGrid: Omit<ComponentProps<typeof LineGrid>, 'lines' | 'tokens' | 'words'>;
  /** What the vocabulary panel is given (its draft is this one). */
  readonly vocabulary: Omit<ComponentProps<typeof VocabularyPanel>, 'draft'>;
};

/** The editor's right pane: the transcript grid or the vocabulary, behind two tabs. */
export function ContentPane({ draft, tab, onTab, lineGrid, vocabulary }: Props) {
  return (
    <section aria-label="Transcript and vocabulary" className="pane side-pane">
      <div role="tablist" aria-label="Lesson content" className="tabs">
        {(['lines', 'vocabulary'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => onTab(name)}
          >
            {name === 'lines'
              ? `Lines (${draft.lines.length})`
              : `Vocabulary (${draft.words.length})`}
          </button>
        ))}
      </div>
      {tab === 'lines' ? (
        <LineGrid lines={draft.lines} tokens={draft.tokens} words={draft.words} {...lineGrid} />
      ) : (
        <VocabularyPanel draft={draft} {...vocabulary} />
      )}
    </section>
  );
}
