import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../lib/i18n/i18n.tsx';

/**
 * The top bar's frame. On a wide screen the brand and `children` (navigation and actions) sit
 * in one row. On a phone (under 48rem) the bar is the brand and a Menu button, at most 64 px
 * tall; the menu opens in the page flow under it, pushing the page down rather than covering
 * it, and closes on Escape and on every navigation.
 */
export function HeaderShell({
  brandTo,
  brand,
  className,
  children,
}: {
  brandTo: string;
  /** What the brand link says (the app's name unless given). */
  brand?: ReactNode;
  /** Classes added to the bar's own (the admin header's). */
  className?: string;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const location = useLocation();
  // Open for the page it was opened on: moving to another page (or #section) closes it.
  const place = `${location.pathname}${location.hash}`;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === place;
  const setOpen = (next: boolean) => setOpenOn(next ? place : null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className={className ? `site-header ${className}` : 'site-header'}>
      <Link to={brandTo} className="brand">
        {brand ?? t('app.name')}
      </Link>
      <button
        type="button"
        className="icon-button menu-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        <span className="menu-toggle-label">{t('app.menu')}</span>
      </button>
      <div id={id} className={open ? 'header-menu open' : 'header-menu'}>
        {children}
      </div>
    </header>
  );
}
