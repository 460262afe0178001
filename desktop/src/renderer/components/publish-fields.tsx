import { studioMessage } from '../../shared/messages.ts';
import type { PublishAs } from '../../shared/model.ts';
import { PUBLISH_AS } from '../../shared/model.ts';
import type { PublishForm } from '../use-publish.ts';

type Props = {
  readonly form: PublishForm;
  readonly insecure: boolean;
  readonly onChange: (patch: Partial<PublishForm>) => void;
};

/**
 * Where and as whom to publish: server, anon key, e-mail, password, authenticator code and "As"
 * (as on the server, draft or published); on plain http to another machine, the warning and the
 * choice to go on.
 */
export function PublishFields({ form, insecure, onChange }: Props) {
  return (
    <>
      <div className="server">
        <label>
          Server URL{' '}
          <input value={form.url} onChange={(e) => onChange({ url: e.currentTarget.value })} />
        </label>
        <label>
          Anon key{' '}
          <input
            value={form.anonKey}
            onChange={(e) => onChange({ anonKey: e.currentTarget.value })}
          />
        </label>
        <label>
          Email{' '}
          <input
            type="email"
            value={form.email}
            onChange={(e) => onChange({ email: e.currentTarget.value })}
          />
        </label>
        <label>
          Password{' '}
          <input
            type="password"
            value={form.password}
            autoComplete="current-password"
            onChange={(e) => onChange({ password: e.currentTarget.value })}
          />
        </label>
        <label>
          Authenticator code{' '}
          <input
            aria-describedby="mfa-code-hint"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={form.mfaCode ?? ''}
            onChange={(e) => onChange({ mfaCode: e.currentTarget.value })}
          />
        </label>
        <p id="mfa-code-hint" className="hint">
          Only if your account uses two-factor authentication: the 6-digit code your authenticator
          app shows now.
        </p>
        <label>
          {studioMessage('publish-as')}{' '}
          <select
            aria-label="Publish as"
            value={form.status}
            onChange={(e) => onChange({ status: e.currentTarget.value as PublishAs })}
          >
            {PUBLISH_AS.map((as) => (
              <option key={as} value={as}>
                {studioMessage(`publish-as-${as}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {insecure && (
        <div role="alert" className="warning insecure">
          <p>
            This address starts with http:// and is not this computer: your password would travel
            unencrypted. Use https:// if the server offers it.
          </p>
          <label>
            <input
              type="checkbox"
              checked={form.allowInsecure}
              onChange={(e) => onChange({ allowInsecure: e.currentTarget.checked })}
            />{' '}
            Send my password unencrypted anyway
          </label>
        </div>
      )}
    </>
  );
}
