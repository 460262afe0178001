import type { LessonDraft, LinePatch, WordPatch } from '../../shared/model.ts';
import { LineGrid } from './line-grid.tsx';
import type { LineActions } from './line-grid.tsx';
import { VocabularyPanel } from './vocabulary-panel.tsx';

export type ContentTab = 'lines' | 'vocabulary';

type Props = {
  readonly lessonId: number;
  readonly draft: LessonDraft;
  readonly tab: ContentTab;
  readonly onTab: (tab: ContentTab) => void;
  readonly selectedLineId: number | null;
  readonly selectedWordId: number | null;
  readonly onSelectLine: (lineId: number) => void;
  readonly onEditLine: (label: string, lineId: number, patch: LinePatch) => void;
  readonly onCaret: (lineId: number, position: number) => void;
  readonly actions: LineActions;
  readonly splitBlocked: string | null;
  readonly onEditWord: (label: string, wordId: number, patch: WordPatch) => void;
  readonly onMatchWord: (wordId: number, file: string | null) => void;
};

/** The editor's right pane: the transcript grid or the vocabulary, behind two tabs. */
export function ContentPane(props: Props) {
  const { draft, tab } = props;
  return (
    <section aria-label="Transcript and vocabulary" className="pane side-pane">
      <div role="tablist" aria-label="Lesson content" className="tabs">
        {(['lines', 'vocabulary'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => props.onTab(name)}
          >
            {name === 'lines'
              ? `Lines (${draft.lines.length})`
              : `Vocabulary (${draft.words.length})`}
          </button>
        ))}
      </div>
      {tab === 'lines' ? (
        <LineGrid
          lines={draft.lines}
          selectedId={props.selectedLineId}
          onSelect={props.onSelectLine}
          onEdit={props.onEditLine}
          onCaret={props.onCaret}
          actions={props.actions}
          splitBlocked={props.splitBlocked}
        />
      ) : (
        <VocabularyPanel
          lessonId={props.lessonId}
          draft={draft}
          selectedWordId={props.selectedWordId}
          onEdit={props.onEditWord}
          onMatch={props.onMatchWord}
        />
      )}
    </section>
  );
}
