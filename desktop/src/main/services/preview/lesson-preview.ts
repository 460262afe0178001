import { lessonPreviewUrl } from '@magyarul/core/lessons';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PreviewRefusal = 'preview-not-published' | 'preview-no-web-origin';

/**
 * The web app's "Preview as learner" page of a lesson on the server, or why there is none: the
 * lesson was never published (no server id), or no http(s) web origin is configured. The web
 * origin is `configured` (MAGYARUL_WEB_ORIGIN, for a hosted web app apart from its Supabase
 * project) or else the server the studio publishes to, which under `npm start` serves the web
 * app on the same origin. Only this URL is ever handed to the system browser.
 */
export function previewAddress(
  remoteId: string | null,
  configured: string | undefined,
  publishUrl: string | undefined,
): { ok: true; url: string } | { ok: false; code: PreviewRefusal } {
  if (remoteId === null || !UUID.test(remoteId))
    return { ok: false, code: 'preview-not-published' };
  const origin = configured?.trim() || publishUrl;
  const url = origin ? lessonPreviewUrl(origin, remoteId) : null;
  return url ? { ok: true, url } : { ok: false, code: 'preview-no-web-origin' };
}
