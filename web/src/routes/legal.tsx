import { useNavigate } from 'react-router';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from '../components/button.tsx';
import { SiteFooter } from '../components/site-footer.tsx';

const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <main id="main" className="page narrow legal">
        <Button
          variant="ghost"
          onClick={() => {
            if (window.history.length > 1) void navigate(-1);
            else void navigate('/preview');
          }}
        >
          ← {t('legal.back')}
        </Button>
        <h1>{t(kind === 'terms' ? 'legal.terms' : 'legal.privacy')}</h1>
        <p className="muted">{t('legal.updated')}</p>
        {SECTIONS.map((n) => (
          <section key={n} aria-labelledby={`${kind}-${n}`}>
            <h2 id={`${kind}-${n}`}>{t(`legal.${kind}.${n}.title` as const)}</h2>
            <p>{t(`legal.${kind}.${n}.text` as const)}</p>
          </section>
        ))}
      </main>
      <SiteFooter />
    </>
  );
}

export function TermsPage() {
  return <LegalPage kind="terms" />;
}

export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
