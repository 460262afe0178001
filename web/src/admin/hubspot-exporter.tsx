import { useState } from 'react';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import {
  SETUP_INSTRUCTIONS,
  STYLES_FILE,
  TEMPLATE_FILE,
  templateCss,
  templateHtml,
} from './exporter-template.ts';
import { label } from './labels.ts';
import { downloadBlob } from './shared.tsx';
import './admin.css';

function Output({
  title,
  name,
  content,
  type,
}: {
  title: string;
  name: string;
  content: string;
  type: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(content);
      notify.success(label('copied'));
    } catch {
      notify.error(label('copied'));
    }
  };
  return (
    <section className="card stack" aria-label={title}>
      <h2>{title}</h2>
      <textarea readOnly rows={12} value={content} aria-label={name} />
      <div className="button-row">
        <Button variant="secondary" onClick={() => void copy()}>
          {label('copy', { name })}
        </Button>
        <Button variant="secondary" onClick={() => downloadBlob(content, name, type)}>
          {label('download', { name })}
        </Button>
      </div>
    </section>
  );
}

export function HubspotExporterPage() {
  const t = useT();
  const [generated, setGenerated] = useState<{ html: string; css: string } | null>(null);
  return (
    <main id="main" className="page admin-page">
      <h1>{label('exporterTitle')}</h1>
      <p className="lead">{label('exporterIntro')}</p>
      <Button onClick={() => setGenerated({ html: templateHtml(), css: templateCss() })}>
        {t('exporter.generate')}
      </Button>
      {generated && (
        <>
          <Output
            title={label('htmlTemplate')}
            name={TEMPLATE_FILE}
            content={generated.html}
            type="text/html"
          />
          <Output
            title={label('cssFile')}
            name={STYLES_FILE}
            content={generated.css}
            type="text/css"
          />
          <section className="card">
            <h2>{label('setup')}</h2>
            <ol>
              {SETUP_INSTRUCTIONS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        </>
      )}
    </main>
  );
}
