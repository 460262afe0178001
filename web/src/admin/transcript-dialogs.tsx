import { useState, type ReactNode } from 'react';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { LabelledInput } from './shared.tsx';

type DialogProps = { open: boolean; onClose: () => void };

/** A dialog of the transcript section, closed with the usual Close label. */
function TranscriptDialog(props: DialogProps & { title: string; children: ReactNode }) {
  const t = useT();
  return <Dialog {...props} closeLabel={t('app.close')} />;
}

/** The transcript formats the review page reads, with an example. */
export function FormatHelp({ open, onClose }: DialogProps) {
  const t = useT();
  return (
    <TranscriptDialog open={open} onClose={onClose} title={t('transcript.formatHelp')}>
      <p>{t('adminUi.formatHelpIntro')}</p>
      <p>{t('transcript.pasteHint')}</p>
      <h3>{t('adminUi.speakers')}</h3>
      <ul>
        <li>NARRATOR</li>
        <li>ANNA</li>
        <li>BENCE</li>
      </ul>
      <h3>{t('adminUi.example')}</h3>
      <pre lang="hu">
        {
          'speaker,text\nNARRATOR,Anna és Bence a kávézóban.\nANNA,Szia Bence! Hogy vagy?\nBENCE,Köszönöm, jól vagyok.'
        }
      </pre>
      <p className="small muted">{'speaker,text,translation_en,translation_de,translation_es'}</p>
    </TranscriptDialog>
  );
}

/** A transcript pasted as text, read like a file. */
export function PasteDialog({
  open,
  onClose,
  onLoad,
}: {
  open: boolean;
  onClose: () => void;
  onLoad: (text: string) => boolean;
}) {
  const t = useT();
  const [text, setText] = useState('');
  return (
    <TranscriptDialog open={open} onClose={onClose} title={t('transcript.pasteContent')}>
      <p className="small muted">{t('transcript.pasteHint')}</p>
      <LabelledInput label={t('adminUi.pasteContent')}>
        {(id) => (
          <textarea id={id} rows={10} value={text} onChange={(e) => setText(e.target.value)} />
        )}
      </LabelledInput>
      <div className="form-actions">
        <Button
          onClick={() => {
            if (onLoad(text)) {
              setText('');
              onClose();
            }
          }}
        >
          {t('transcript.parseAndLoad')}
        </Button>
      </div>
    </TranscriptDialog>
  );
}
