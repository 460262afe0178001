import type { ReactNode, Ref } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from './button.tsx';

/**
 * The player's controls pinned to the bottom of the window while the transcript scrolls (sticky
 * within the player, so at the end of the lesson it rests under the transcript and covers
 * nothing). `detached` adds "Back to the current line" when the learner has scrolled the line
 * being heard out of view. `data-pinned` tells the layout checks it may cover content while the
 * page scrolls, as long as nothing is left under it at the bottom of the page.
 */
export function PlayerDock({
  ref,
  detached,
  onBackToLine,
  children,
}: {
  ref: Ref<HTMLDivElement>;
  detached: boolean;
  onBackToLine: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div ref={ref} className="player-dock" data-pinned="">
      {detached && (
        <Button variant="secondary" className="back-to-line" onClick={onBackToLine}>
          {t('audio.backToLine')}
        </Button>
      )}
      {children}
    </div>
  );
}
