import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { notify } from '../../lib/toast.ts';
import { CodeForm } from './code-form.tsx';
import { assuranceQuery, enrollTotp, turnOff, verifyCode, type Enrolment } from './mfa-api.ts';

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
  const assurance = useQuery(assuranceQuery(session?.access_token ?? null));
  // What this dialog has changed since the read: set-up started, turned on or off.
  const [changed, setChanged] = useState<View | null>(null);
  const failed = (error: unknown) => {
    console.error('Changing two-factor authentication failed', error);
    notify.error(t('mfa.failed'));
  };
  const off = useMutation({
    mutationFn: turnOff,
    onSuccess: () => {
      setChanged({ kind: 'off' });
      notify.success(t('mfa.turnedOff'));
    },
    onError: failed,
  });
  const enrol = useMutation({
    mutationFn: enrollTotp,
    onSuccess: (enrolment) => setChanged({ kind: 'enrolling', enrolment }),
    onError: failed,
  });
  const verify = useMutation({
    mutationFn: ({ factorId, code }: { factorId: string; code: string }) =>
      verifyCode(factorId, code),
    onSuccess: (ok, { factorId }) => {
      if (!ok) return;
      setChanged({ kind: 'on', factorId });
      notify.success(t('mfa.enabled'));
    },
  });
  const busy = off.isPending || enrol.isPending;
  const read = assurance.data;
  const view: View =
    changed ??
    (!read
      ? { kind: 'loading' }
      : read.factorId
        ? { kind: 'on', factorId: read.factorId }
        : { kind: 'off' });

  if (view.kind === 'loading') return <Spinner label={t('app.loading')} />;
  if (view.kind === 'on') {
    return (
      <div className="stack">
        <p role="status">{t('mfa.statusOn')}</p>
        <Button variant="danger" disabled={busy} onClick={() => off.mutate(view.factorId)}>
          {t('mfa.turnOff')}
        </Button>
      </div>
    );
  }
  if (view.kind === 'off') {
    return (
      <div className="stack">
        <p>{t('mfa.statusOff')}</p>
        <Button disabled={busy} onClick={() => enrol.mutate()}>
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
      <CodeForm submit={(code) => verify.mutateAsync({ factorId: enrolment.factorId, code })} />
    </div>
  );
}
