import type { Page } from '@playwright/test';
import { expect } from './support.ts';

// Shared by the phone specs (issue 13): the two phone sizes, waiting until a page has settled,
// and the geometry a phone layout must keep.

export const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;

export const HEADER_MAX_PX = 64;
export const TOUCH_MIN_PX = 48;

/** Waits until nothing is loading and no toast is showing (toasts are transient by design). */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('[data-skeleton], .spinner')).toHaveCount(0);
  // A pointer resting on a toast pauses it (sonner): a click near the top of a scrolled phone
  // page can leave it there. Toasts sit top-centre on a phone, bottom-right wider.
  await page.mouse.move(1, (page.viewportSize()?.height ?? 600) - 1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * What is wrong with the page's phone layout at its current scroll position: a page wider than
 * the screen, a header taller than 64 px (pages with a header: the legal pages and the 404 page
 * have none), or a fixed or sticky element (other than an open
 * modal) lying over content of <main>: its buttons, links, fields, list items and text, or over
 * the footer's links and text. A pinned element (`data-pinned`, the lesson's player) may lie
 * over content while the page scrolls, but not at the bottom of the page.
 */
export async function layoutProblems(
  page: Page,
  { headerMax = HEADER_MAX_PX }: { headerMax?: number } = {},
): Promise<string[]> {
  return page.evaluate(
    ({ headerMax }) => {
      const problems: string[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > window.innerWidth) {
        problems.push(`page is ${doc.scrollWidth} px wide on a ${window.innerWidth} px screen`);
      }
      const header = document.querySelector('header.site-header');
      const height = header?.getBoundingClientRect().height ?? 0;
      if (header && height > headerMax) problems.push(`header is ${height} px tall`);

      const shown = (el: Element) => {
        const rect = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return (
          rect.width > 0 &&
          rect.height > 0 &&
          style.visibility !== 'hidden' &&
          style.display !== 'none' &&
          Number(style.opacity) > 0
        );
      };
      // At the bottom of the page even a pinned element must cover nothing: what it covered
      // higher up can then be scrolled out from under it.
      const atBottom = window.scrollY + window.innerHeight >= doc.scrollHeight - 1;
      const floating = Array.from(document.querySelectorAll('body *')).filter((el) => {
        const position = getComputedStyle(el).position;
        if (position !== 'fixed' && position !== 'sticky') return false;
        // A modal dialog is the content while it is open.
        if (el.closest('dialog[open], [aria-modal="true"], .overlay')) return false;
        // The lesson's pinned player lies over the transcript while it scrolls, by design.
        if (el.hasAttribute('data-pinned') && !atBottom) return false;
        return shown(el);
      });
      const content = Array.from(
        document.querySelectorAll(
          'main button, main a, main input, main select, main textarea, main li, main p, main h1, main h2, main h3, footer a, footer span',
        ),
      ).filter(shown);
      for (const over of floating) {
        const a = over.getBoundingClientRect();
        for (const item of content) {
          if (over.contains(item)) continue;
          const b = item.getBoundingClientRect();
          const overlaps =
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const onScreen = b.bottom > 0 && b.top < window.innerHeight;
          if (overlaps && onScreen) {
            const name = (item.textContent ?? '').trim().slice(0, 40);
            problems.push(
              `${over.tagName.toLowerCase()}.${over.className} (${getComputedStyle(over).position}) covers <${item.tagName.toLowerCase()}> "${name}"`,
            );
          }
        }
      }
      return problems;
    },
    { headerMax },
  );
}

/**
 * layoutProblems at the top, in the middle and at the bottom of the page; with `step`, at every
 * `step` pixels from the top to the bottom as well.
 */
export async function layoutProblemsWhileScrolling(
  page: Page,
  { headerMax = HEADER_MAX_PX, step }: { headerMax?: number; step?: number } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const scrollHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize()?.height ?? 800;
  const bottom = Math.max(0, scrollHeight - viewport);
  const stops = [0, bottom / 2, scrollHeight];
  if (step) for (let y = step; y < bottom; y += step) stops.push(y);
  for (const y of stops.sort((a, b) => a - b)) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
    for (const problem of await layoutProblems(page, { headerMax }))
      problems.push(`at y=${y}: ${problem}`);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return problems;
}

/**
 * Plants a fixed 120×40 box over the first element matching `selector`: what the layout check
 * must report (shows the check can fail).
 */
export async function plantCoverOver(page: Page, selector: string): Promise<void> {
  await page.evaluate((target) => {
    const rect = document.querySelector(target)?.getBoundingClientRect();
    const cover = document.createElement('div');
    cover.className = 'planted';
    Object.assign(cover.style, {
      position: 'fixed',
      left: `${rect?.left ?? 0}px`,
      top: `${rect?.top ?? 0}px`,
      width: '120px',
      height: '40px',
    });
    document.body.append(cover);
  }, selector);
}
