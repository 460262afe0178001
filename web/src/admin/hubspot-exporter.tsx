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
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(content);
      notify.success(t('adminUi.copied'));
    } catch {
      notify.error(t('adminUi.copyFailed'));
    }
  };
  return (
    <section className="card stack" aria-label={title}>
      <h2>{title}</h2>
      <textarea readOnly rows={12} value={content} aria-label={name} />
      <div className="button-row">
        <Button variant="secondary" onClick={() => void copy()}>
          {t('adminUi.copy', { name })}
        </Button>
        <Button variant="secondary" onClick={() => downloadBlob(content, name, type)}>
          {t('adminUi.download', { name })}
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
      <h1>{t('adminUi.exporterTitle')}</h1>
      <p className="lead">{t('adminUi.exporterIntro')}</p>
      <Button onClick={() => setGenerated({ html: templateHtml(), css: templateCss() })}>
        {t('exporter.generate')}
      </Button>
      {generated && (
        <>
          <Output
            title={t('adminUi.htmlTemplate')}
            name={TEMPLATE_FILE}
            content={generated.html}
            type="text/html"
          />
          <Output
            title={t('adminUi.cssFile')}
            name={STYLES_FILE}
            content={generated.css}
            type="text/css"
          />
          <section className="card">
            <h2>{t('adminUi.setup')}</h2>
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
