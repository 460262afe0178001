/** Paths the admin layout serves: the app's floating feedback button stays off them. */
export const ADMIN_PATHS = ['/admin', '/upload', '/hubspot-exporter'] as const;

export function isAdminPath(pathname: string): boolean {
  return ADMIN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
