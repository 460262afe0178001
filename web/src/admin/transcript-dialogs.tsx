import { useState } from 'react';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { LabelledInput } from './shared.tsx';

/** The transcript formats the review page reads, with an example. */
export function FormatHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('transcript.formatHelp')}
      closeLabel={t('app.close')}
    >
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
    </Dialog>
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
    <Dialog
      open={open}
      onClose={onClose}
      title={t('transcript.pasteContent')}
      closeLabel={t('app.close')}
    >
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
    </Dialog>
  );
}
