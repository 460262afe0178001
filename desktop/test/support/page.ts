import type { Page } from 'playwright-core';
import type { StudioApi } from '../../src/shared/ipc.ts';
import type { LessonDraft } from '../../src/shared/model.ts';

/** "0:01.40" → 1.4; "–" or "untimed" → null */
export function seconds(text: string | null): number | null {
  const match = /^(\d+):(\d+\.\d+)$/.exec((text ?? '').trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Helpers over the studio page: times shown in the grid, the playhead, the saved draft. */
export function studioPage(page: Page) {
  const cell = async (testId: string) => seconds(await page.getByTestId(testId).textContent());
  return {
    startOf: (n: number) => cell(`start-${n}`),
    endOf: (n: number) => cell(`end-${n}`),
    playhead: async () => seconds(await page.getByLabel('Playhead').textContent()) ?? 0,
    /** The grid row of line `n` (1-based), clicked on its number to select it. */
    row: (n: number) => page.locator(`table[aria-label="Transcript"] tr[data-line="${n}"]`),
    selectLine: (n: number) =>
      page.locator(`table[aria-label="Transcript"] tr[data-line="${n}"] td.num`).click(),
    selectedRow: () =>
      page.getByRole('table', { name: 'Transcript' }).getByRole('row', { selected: true }),
    /** The draft as the store has it now (what survives a restart). */
    saved: (title: string) =>
      page.evaluate(async (wanted) => {
        const { studio } = globalThis as unknown as { studio: StudioApi };
        const lesson = (await studio.listDrafts()).find((l) => l.title === wanted);
        return lesson ? studio.getDraft(lesson.id) : null;
      }, title) as Promise<LessonDraft | null>,
    openLesson: async (title: string) => {
      await page.getByRole('button', { name: title }).click();
      await page
        .locator('[data-testid="waveform"][data-ready="true"], .no-audio')
        .first()
        .waitFor({ timeout: 20_000 });
    },
  };
}
