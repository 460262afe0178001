/** Where the app finds its backend: a hosted Supabase project or the embedded server. */
export type BackendConfig = { readonly url: string; readonly anonKey: string };

type ConfigSources = {
  readonly envUrl: string | undefined;
  readonly envKey: string | undefined;
  readonly origin: string;
  readonly metaKey: string | null;
};

/**
 * Build-time values win (a hosted project needs only VITE_SUPABASE_URL and
 * VITE_SUPABASE_ANON_KEY); otherwise the app talks to the server that served it, which writes
 * its anon key into the `magyarul-anon-key` meta tag.
 */
export function resolveBackendConfig(sources: ConfigSources): BackendConfig {
  const envUrl = sources.envUrl?.trim();
  const envKey = sources.envKey?.trim();
  const url = envUrl ? envUrl.replace(/\/+$/, '') : sources.origin;
  const anonKey = envKey || sources.metaKey?.trim() || '';
  return { url, anonKey };
}

export function readBackendConfig(): BackendConfig {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="magyarul-anon-key"]');
  return resolveBackendConfig({
    envUrl: import.meta.env.VITE_SUPABASE_URL as string | undefined,
    envKey: import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined,
    origin: window.location.origin,
    metaKey: meta?.content ?? null,
  });
}
