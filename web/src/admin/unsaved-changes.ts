import { useEffect, useId } from 'react';
import { useBlocker } from 'react-router';
import { useT } from '../lib/i18n/i18n.tsx';

// Unsaved work of the admin area, by source (the review editor, the create dialog, the edit
// dialog). Module state, not React state: the router's blocker and the header's Sign Out ask
// it at the moment someone leaves, whatever component they are in.
const dirtySources = new Set<string>();

/**
 * Asks before unsaved work is thrown away; true when there is none or the admin agrees (the
 * work then counts as discarded, so the navigation that follows is not asked about again).
 */
export function confirmDiscard(message: string): boolean {
  if (dirtySources.size === 0) return true;
  if (!window.confirm(message)) return false;
  dirtySources.clear();
  return true;
}

/**
 * Marks this component's work as unsaved while `dirty`: the admin layout's leave guard then asks
 * before any in-app navigation, and reload, close or a typed address get the browser's own
 * warning (beforeunload).
 */
export function useUnsavedChanges(dirty: boolean): void {
  const t = useT();
  const id = useId();
  const message = t('reviewPage.unsavedChanges');

  useEffect(() => {
    if (dirty) dirtySources.add(id);
    else dirtySources.delete(id);
    return () => {
      dirtySources.delete(id);
    };
  }, [dirty, id]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!dirtySources.has(id)) return;
      event.preventDefault();
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, id, message]);
}

/**
 * The one router blocker of the admin area (a router supports one at a time): every in-app way
 * out while something is unsaved is asked about first: links and buttons, the admin tabs
 * (they change ?tab=), Sign Out's navigation, and the browser's back and forward buttons.
 */
export function useLeaveGuard(): void {
  const t = useT();
  const message = t('reviewPage.unsavedChanges');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtySources.size > 0 &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (confirmDiscard(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);
}
