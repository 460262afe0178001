/**
 * The web app's page where an admin previews a lesson as a learner sees it, nothing recorded
 * (issue 28 point 5): linked from the admin list and the review editor, opened by the studio.
 */
export function lessonPreviewPath(lessonId: string): string {
  return `/lesson/${encodeURIComponent(lessonId)}/preview`;
}

/**
 * The preview page's full address on the web app at `webOrigin`, or null when the origin is not
 * an http(s) origin (scheme, host and port only): the studio hands the result to the system
 * browser, so nothing but a web page of the configured site may come out of it.
 */
export function lessonPreviewUrl(webOrigin: string, lessonId: string): string | null {
  let origin: URL;
  try {
    origin = new URL(webOrigin);
  } catch {
    return null;
  }
  if (origin.protocol !== 'https:' && origin.protocol !== 'http:') return null;
  if (origin.username || origin.password) return null;
  const url = new URL(lessonPreviewPath(lessonId), origin.origin);
  return url.origin === origin.origin ? url.href : null;
}
