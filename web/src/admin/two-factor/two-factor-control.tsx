import { useEffect, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { notify } from '../../lib/toast.ts';
import { CodeForm } from './code-form.tsx';
import { enrollTotp, readAssurance, turnOff, verifyCode, type Enrolment } from './mfa-api.ts';

type View =
  | { kind: 'loading' }
  | { kind: 'off' }
  | { kind: 'on'; factorId: string }
  | { kind: 'enrolling'; enrolment: Enrolment };

/**
 * "Two-factor authentication": a button that opens a dialog to set up a TOTP factor (QR code,
 * key, first code) or turn it off. Self-contained so it can move into the admin header.
 */
export function TwoFactorControl() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('mfa.control')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('mfa.control')}
        closeLabel={t('app.close')}
      >
        <TwoFactorPanel />
      </Dialog>
    </>
  );
}

function TwoFactorPanel() {
  const t = useT();
  const { session } = useAuth();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const token = session?.access_token;

  useEffect(() => {
    let active = true;
    void readAssurance()
      .then((a) => {
        if (!active) return;
        setView((current) =>
          current.kind === 'enrolling'
            ? current
            : a.factorId
              ? { kind: 'on', factorId: a.factorId }
              : { kind: 'off' },
        );
      })
      .catch((error: unknown) => {
        console.error('Reading the second factor failed', error);
        if (active) setView({ kind: 'off' });
      });
    return () => {
      active = false;
    };
  }, [token]);

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      console.error('Changing two-factor authentication failed', error);
      notify.error(t('mfa.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (view.kind === 'loading') return <Spinner label={t('app.loading')} />;
  if (view.kind === 'on') {
    return (
      <div className="stack">
        <p role="status">{t('mfa.statusOn')}</p>
        <Button
          variant="danger"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              await turnOff(view.factorId);
              setView({ kind: 'off' });
              notify.success(t('mfa.turnedOff'));
            })
          }
        >
          {t('mfa.turnOff')}
        </Button>
      </div>
    );
  }
  if (view.kind === 'off') {
    return (
      <div className="stack">
        <p>{t('mfa.statusOff')}</p>
        <Button
          disabled={busy}
          onClick={() =>
            void run(async () => setView({ kind: 'enrolling', enrolment: await enrollTotp() }))
          }
        >
          {t('mfa.setUp')}
        </Button>
      </div>
    );
  }
  const { enrolment } = view;
  return (
    <div className="stack mfa-enrol">
      <p>{t('mfa.scan')}</p>
      <img
        className="mfa-qr"
        src={enrolment.qrCode}
        alt={t('mfa.qrAlt')}
        width={200}
        height={200}
      />
      <p>
        {t('mfa.secret')}: <code className="mfa-secret">{enrolment.secret}</code>
      </p>
      <CodeForm
        submit={async (code) => {
          const ok = await verifyCode(enrolment.factorId, code);
          if (ok) {
            setView({ kind: 'on', factorId: enrolment.factorId });
            notify.success(t('mfa.enabled'));
          }
          return ok;
        }}
      />
    </div>
  );
}
