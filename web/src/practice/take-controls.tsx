import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from '../components/button.tsx';
import type { Clip, ClipPlayer } from './clip-player.ts';
import { useTakeRecorder } from './use-take-recorder.ts';

/** Record yourself, then hear your take and the original one after the other. */
export function TakeControls({ player, original }: { player: ClipPlayer; original: Clip }) {
  const t = useT();
  const take = useTakeRecorder();

  const compare = async () => {
    if (!take.url) return;
    try {
      await player.play({ sources: [take.url] });
      await player.play(original);
    } catch (error) {
      console.warn('The takes could not play', error);
    }
  };

  return (
    <div className="take-controls">
      {take.state === 'recording' ? (
        <Button variant="danger" onClick={take.stop}>
          {t('practice.record.stop')}
        </Button>
      ) : (
        <Button
          variant="ghost"
          onClick={() => void take.start()}
          disabled={take.state === 'failed'}
        >
          {t('practice.record.start')}
        </Button>
      )}
      {take.state === 'ready' && (
        <Button variant="ghost" onClick={() => void compare()}>
          {t('practice.record.compare')}
        </Button>
      )}
      <p className="muted small" role="status">
        {take.state === 'recording'
          ? t('practice.record.recording')
          : take.state === 'failed'
            ? t('practice.record.failed')
            : t('practice.record.private')}
      </p>
    </div>
  );
}
