import type { Page } from '@playwright/test';
import { createLearner, expect, test } from '../support.ts';
import { signInIn, textsIn, useLanguage } from '../day-support.ts';
import { seriousViolations } from '../axe-support.ts';
import {
  adminClient,
  clientFor,
  copySeedLesson,
  serviceClient,
  signInAdmin,
} from './admin-support.ts';
import { copySeedTokens, lessonTokens } from './token-support.ts';

// Issue 31 point 4 (the author confirms or edits the proposed tokens, and edits survive every
// later save and publish): in the review editor's Words of a line the admin changes a word's
// dictionary form and German meaning and confirms it; the save keeps them (reload), a later time
// edit keeps them, and a learner's word panel shows them.

const line = (page: Page, n: number) => page.getByRole('group', { name: `Line ${n}`, exact: true });

test.describe('review editor: a line\u2019s words', () => {
  test('edit a word’s dictionary form and German meaning, save, reload, time edit, learner sees it', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const db = await adminClient(request);
    const lesson = await copySeedLesson(db, 1);
    await copySeedTokens(db, 1, lesson.id);
    // Line 3's words are proposals still to confirm.
    const line3 = (await lessonTokens(db, lesson.id))[2]?.[0]?.line_id ?? '';
    const unconfirmed = await db
      .from('transcript_tokens')
      .update({ confirmed: false })
      .eq('line_id', line3);
    expect(unconfirmed.error).toBeNull();
    const before = await lessonTokens(db, lesson.id);
    // Line 2's first word that is not a name (its words have times: a save must keep them).
    const target = before[1]?.find((t) => !t.is_name);
    if (!target) throw new Error('line 2 has no word');
    expect(target.start_time).not.toBeNull();
    const word = target.text;
    const lemma = `${target.lemma}ság`;

    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    const words = line(page, 2).locator('details.transcript-words');
    await words.locator('summary').click();
    const form = words.getByLabel(`Dictionary form of “${word}”`);
    await expect(form).toHaveValue(target.lemma);
    // An empty dictionary form is refused, said beside the field and by the save.
    await form.fill('');
    await expect(form).toHaveAttribute('aria-invalid', 'true');
    await expect(words).toContainText('Enter the dictionary form.');
    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(
      page.getByText('Not saved: a word of the transcript needs fixing', { exact: false }),
    ).toBeVisible();
    // From the keyboard: type the form, tab on to the notes and meanings.
    await form.focus();
    await page.keyboard.type(lemma);
    await words.getByLabel(`Meaning of “${word}” (German)`).fill('Testbedeutung');
    await words.getByLabel(`“${word}” confirmed`).check();
    expect(await seriousViolations(page, 'words editor')).toEqual([]);
    for (const size of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await form.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`words-editor-${size.width}.png`) });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }

    // Confirm all of line 3: one button, every word of the line.
    const words3 = line(page, 3).locator('details.transcript-words');
    await words3.locator('summary').click();
    await words3.getByRole('button', { name: 'Confirm all words of line 3' }).click();
    await expect(words3.locator('summary')).toContainText('0 to confirm');

    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(
      page.getByText('Transcript changes saved', { exact: false }).first(),
    ).toBeVisible();
    const saved = await lessonTokens(db, lesson.id);
    expect(saved[2]?.every((t) => t.confirmed)).toBe(true);
    const unstamped = (list: (typeof saved)[number]) =>
      list.map(({ confirmed: _c, id: _i, created_at: _a, updated_at: _u, ...t }) => t);
    expect(unstamped(saved[2] ?? [])).toEqual(unstamped(before[2] ?? []));
    const edited = saved[1]?.find((t) => t.position === target.position);
    expect(edited).toMatchObject({
      lemma,
      meaning_de: 'Testbedeutung',
      meaning_en: target.meaning_en,
      confirmed: true,
      start_time: target.start_time,
      end_time: target.end_time,
    });
    // Every other token as it was, row and all.
    const others = (list: typeof saved) =>
      list
        .flat()
        .filter(
          (t) =>
            t.line_id !== line3 &&
            !(t.line_id === target.line_id && t.position === target.position),
        );
    expect(others(saved)).toEqual(others(before));

    // Reload: the edit is what the editor reads.
    await page.reload();
    await words.locator('summary').click();
    await expect(words.getByLabel(`Dictionary form of “${word}”`)).toHaveValue(lemma);
    await expect(words.getByLabel(`Meaning of “${word}” (German)`)).toHaveValue('Testbedeutung');
    await expect(words.getByLabel(`“${word}” confirmed`)).toBeChecked();

    // A time edit saved afterwards keeps the word's edit (and its times).
    const end = line(page, 4).getByLabel('End of line 4', { exact: true });
    const endValue = await end.inputValue();
    await end.fill(endValue.replace(/(\d)$/, (d) => String((Number(d) + 1) % 10)));
    await end.blur();
    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(
      page.getByText('Transcript changes saved', { exact: false }).first(),
    ).toBeVisible();
    const afterTime = await lessonTokens(db, lesson.id);
    expect(afterTime[1]?.find((t) => t.position === target.position)).toEqual(edited);

    // A learner who finished the lesson sees the edit in the word panel (German).
    const published = await db.from('lessons').update({ is_published: true }).eq('id', lesson.id);
    expect(published.error).toBeNull();
    try {
      const learnerPage = await page.context().browser()?.newPage();
      if (!learnerPage) throw new Error('no browser');
      const t = textsIn('de');
      await useLanguage(learnerPage, 'de');
      const email = await createLearner(learnerPage.request);
      const { data: user } = await (await clientFor(learnerPage.request, email)).auth.getUser();
      const userId = user.user?.id;
      const progress = await serviceClient()
        .from('user_lesson_progress')
        .insert({
          user_id: userId ?? '',
          lesson_id: lesson.id,
          audio_completed: true,
          flashcard_passed: true,
          is_completed: true,
          flashcard_accuracy: 100,
        });
      expect(progress.error).toBeNull();
      await signInIn(learnerPage, t, email);
      await learnerPage.goto(`/lesson/${lesson.id}`);
      await learnerPage.locator(`button.word[data-token="${edited?.id}"]`).click();
      const panel = learnerPage.getByRole('dialog', { name: word });
      await expect(panel.locator('.word-lemma')).toHaveText(lemma);
      await expect(panel.locator('.word-meaning')).toContainText('Testbedeutung');
      await learnerPage.close();
    } finally {
      await db.from('lessons').update({ is_published: false }).eq('id', lesson.id);
    }
  });

  test("a changed dictionary form links the word to that form's glossary entry, at once and on saving", async ({
    page,
    request,
  }) => {
    const db = await adminClient(request);
    const lesson = await copySeedLesson(db, 1);
    await copySeedTokens(db, 1, lesson.id);
    const lemma = `próbaszó-${Date.now()}`;
    const entry = await serviceClient()
      .from('glossary_entries')
      .insert({ lemma, meaning_en: 'a test word' })
      .select('id')
      .single();
    expect(entry.error).toBeNull();
    const target = (await lessonTokens(db, lesson.id))[1]?.find((t) => t.text === 'vagyok');
    if (!target) throw new Error('line 2 has no “vagyok”');

    await signInAdmin(page);
    await page.goto(`/admin/review/${lesson.id}`);
    const words = line(page, 2).locator('details.transcript-words');
    await words.locator('summary').click();
    const word = words.getByRole('group', { name: /vagyok/ });
    await word.getByLabel('Lesson word of “vagyok”').selectOption({ value: '' });
    await word.getByLabel('Dictionary form of “vagyok”').fill(lemma);
    // The editor links it now: the entry is named and its meaning is what the word would show.
    await expect(word.getByText(`Glossary: ${lemma}`)).toBeVisible();
    await expect(word.getByLabel('Meaning of “vagyok” (English)')).toHaveAttribute(
      'placeholder',
      'a test word',
    );
    await page.getByRole('button', { name: 'Save Transcript Changes' }).click();
    await expect(
      page.getByText('Transcript changes saved', { exact: false }).first(),
    ).toBeVisible();
    const saved = (await lessonTokens(db, lesson.id))[1]?.find(
      (t) => t.position === target.position,
    );
    expect(saved).toMatchObject({ lemma, glossary_id: entry.data?.id, vocabulary_id: null });
    // A form no entry has: no link, so no other form's meanings.
    await word.getByLabel('Dictionary form of “vagyok”').fill(`${lemma}-nincs`);
    await expect(word.getByText(`Glossary: ${lemma}`)).toHaveCount(0);
  });
});
