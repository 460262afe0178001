import { describe, expect, it } from 'vitest';
import type { Handlers } from '../shared/ipc.ts';
import { CHANNELS } from '../shared/ipc.ts';
import { StudioFailure, createDispatcher } from './dispatch.ts';
import { tokenEdit } from '../../test/support/token-edit.ts';

function fakeHandlers(): { handlers: Handlers; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const record =
    (value: unknown) =>
    (...args: unknown[]) => {
      calls.push(args);
      return value;
    };
  const handlers = Object.fromEntries(
    CHANNELS.map((c) => [c, record(null)]),
  ) as unknown as Handlers;
  return {
    calls,
    handlers: {
      ...handlers,
      'drafts:get': (id) => {
        calls.push([id]);
        if (id === 13) throw new StudioFailure('not_found', 'Lesson not found');
        if (id === 14) throw new Error('database is locked');
        return null;
      },
    },
  };
}

/** Empty sign-in fields: what the publish-request cases below vary is the rest. */
const SIGN_IN = { url: '', anonKey: '', email: '', password: '' };

/** A valid choice for a changed server row, which the cases below spoil one field at a time. */
const CHOICE = {
  lessonId: 1,
  key: 'line:0b6c1f6e-3b9a-4c59-9f5a-1d2e3f4a5b6c',
  field: 'end_time',
  stamp: '2026-11-27T14:00:00.123456+00:00',
  choice: 'server',
};

/** A valid edit of a word, which the cases below spoil one field at a time. */
const EDIT = tokenEdit('nap', { grammarNotes: ['accusative'], wordId: 2, meaningDe: 'Tag' });

describe('createDispatcher', () => {
  it('returns the handler result for valid arguments', async () => {
    const { handlers, calls } = fakeHandlers();
    const logged: unknown[] = [];
    const dispatch = createDispatcher(handlers, (m) => logged.push(m));
    await expect(
      dispatch('drafts:set-line-times', [1, [{ id: 2, startTime: 0.5, endTime: 1.25 }]]),
    ).resolves.toEqual({ ok: true, value: null });
    expect(calls).toEqual([[1, [{ id: 2, startTime: 0.5, endTime: 1.25 }]]]);
  });

  it('returns a publish request with the author’s choices passed on as sent', async () => {
    const { handlers, calls } = fakeHandlers();
    const request = {
      ...SIGN_IN,
      allowInsecure: false,
      acceptWarnings: false,
      confirmUnpublish: true,
      choices: [
        CHOICE,
        { ...CHOICE, field: '', choice: 'mine' },
        // A line whose words both sides changed (token-sync.ts).
        { ...CHOICE, key: 'words:0b6c1f6e-3b9a-4c59-9f5a-1d2e3f4a5b6c', field: 'words' },
      ],
      lessonIds: [1],
      status: 'keep',
    };
    const dispatch = createDispatcher(handlers, () => undefined);
    await expect(dispatch('publish:run', [request])).resolves.toEqual({ ok: true, value: null });
    expect(calls).toEqual([[request]]);
  });

  it.each<[string, string, unknown[], string]>([
    ['an unknown channel', 'shell:exec', [], 'unknown_channel'],
    ['a missing argument', 'drafts:get', [], 'invalid_argument'],
    ['an extra argument', 'drafts:get', [1, 2], 'invalid_argument'],
    ['a string id', 'drafts:get', ['1'], 'invalid_argument'],
    ['a negative id', 'drafts:get', [-1], 'invalid_argument'],
    ['an unknown patch field', 'drafts:update-lesson', [1, { is_admin: true }], 'invalid_argument'],
    ['a bad level', 'drafts:update-lesson', [1, { level: 'expert' }], 'invalid_argument'],
    ['NaN time', 'drafts:update-line', [1, { startTime: Number.NaN }], 'invalid_argument'],
    ['a NUL in a path', 'import:scan-folder', ['/tmp/a\0b'], 'invalid_argument'],
    [
      'a prototype-polluting object',
      'drafts:update-line',
      [1, JSON.parse('{"__proto__":{"x":1}}')],
      'invalid_argument',
    ],
    ['a bad media kind', 'media:url', [{ kind: 'file', path: '/etc/passwd' }], 'invalid_argument'],
    [
      'a bad publish status',
      'publish:run',
      [
        {
          ...SIGN_IN,
          allowInsecure: false,
          acceptWarnings: false,
          confirmUnpublish: false,
          choices: [],
          lessonIds: [],
          status: 'live',
        },
      ],
      'invalid_argument',
    ],
    [
      'a publish request without the insecure-http answer',
      'publish:run',
      [
        {
          ...SIGN_IN,
          lessonIds: [],
          status: 'draft',
          acceptWarnings: true,
          confirmUnpublish: false,
          choices: [],
        },
      ],
      'invalid_argument',
    ],
    [
      'a truthy string for acceptWarnings',
      'publish:run',
      [
        {
          ...SIGN_IN,
          allowInsecure: false,
          acceptWarnings: 'yes',
          confirmUnpublish: false,
          choices: [],
          lessonIds: [],
          status: 'draft',
        },
      ],
      'invalid_argument',
    ],
    ...(
      [
        ['a truthy string for confirmUnpublish', { confirmUnpublish: 'yes' }],
        ['a publish request without the unpublish answer', { confirmUnpublish: undefined }],
        ['choices that are not a list', { choices: { key: 'line:x' } }],
        [
          'a choice for a row key that is not a server row',
          { choices: [{ ...CHOICE, key: "line:1' or '1'='1" }] },
        ],
        ['a choice for a column that is not one', { choices: [{ ...CHOICE, field: 'id; --' }] }],
        ['a choice other than the server’s or mine', { choices: [{ ...CHOICE, choice: 'both' }] }],
        ['a choice with an extra field', { choices: [{ ...CHOICE, admin: true }] }],
      ] as const
    ).map(([name, change]): [string, string, unknown[], string] => [
      name,
      'publish:run',
      [
        {
          ...SIGN_IN,
          allowInsecure: false,
          acceptWarnings: false,
          confirmUnpublish: false,
          choices: [CHOICE],
          lessonIds: [1],
          status: 'keep',
          ...change,
        },
      ],
      'invalid_argument',
    ]),
    [
      'a check request with a status (a run request sent to the wrong channel)',
      'publish:check',
      [
        {
          ...SIGN_IN,
          allowInsecure: false,
          lessonIds: [1],
          status: 'draft',
        },
      ],
      'invalid_argument',
    ],
    [
      'a remote id that is not a UUID',
      'publish:adopt-remote',
      [1, "1' or '1'='1"],
      'invalid_argument',
    ],
    ['a remote id with a path', 'publish:adopt-remote', [1, '../lessons'], 'invalid_argument'],
    ['a line list that is not an array', 'drafts:set-lines', [1, { id: 1 }], 'invalid_argument'],
    [
      'a line without its translations',
      'drafts:set-lines',
      [1, [{ id: null, speaker: 'anna', text: 'x', startTime: null, endTime: null }]],
      'invalid_argument',
    ],
    [
      'a line with a negative time',
      'drafts:set-lines',
      [
        1,
        [
          {
            id: null,
            speaker: 'anna',
            text: 'x',
            startTime: -1,
            endTime: 2,
            translationEn: '',
            translationDe: '',
            translationEs: '',
          },
        ],
      ],
      'invalid_argument',
    ],
    [
      'a line id of zero',
      'drafts:set-lines',
      [
        1,
        [
          {
            id: 0,
            speaker: 'anna',
            text: 'x',
            startTime: null,
            endTime: null,
            translationEn: '',
            translationDe: '',
            translationEs: '',
          },
        ],
      ],
      'invalid_argument',
    ],
    ['a text with a NUL', 'drafts:update-line', [1, { text: 'a\0b' }], 'invalid_argument'],
    [
      'a translation of a million characters',
      'drafts:update-line',
      [1, { translationDe: 'x'.repeat(1_000_000) }],
      'invalid_argument',
    ],
    [
      'a word patch that renames the Hungarian word',
      'drafts:update-word',
      [1, { wordHu: 'x' }],
      'invalid_argument',
    ],
    [
      'a word meaning that is a number',
      'drafts:update-word',
      [1, { wordDe: 5 }],
      'invalid_argument',
    ],
    [
      'a match level that is not one of core’s',
      'drafts:set-word-matches',
      [1, [{ wordId: 1, audioFile: 'a.mp3', matchLevel: 'guess' }]],
      'invalid_argument',
    ],
    [
      'a match without a word id',
      'drafts:set-word-matches',
      [1, [{ audioFile: null, matchLevel: null }]],
      'invalid_argument',
    ],
    [
      'a word edit without a dictionary form',
      'drafts:edit-token',
      [1, 0, { ...EDIT, lemma: ' ' }],
      'invalid_argument',
    ],
    [
      'a word edit with a note not in the set',
      'drafts:edit-token',
      [1, 0, { ...EDIT, grammarNotes: ['vocative'] }],
      'invalid_argument',
    ],
    [
      'a word edit with nine notes',
      'drafts:edit-token',
      [1, 0, { ...EDIT, grammarNotes: Array(9).fill('plural') }],
      'invalid_argument',
    ],
    [
      'a word edit with a meaning of 501 characters',
      'drafts:edit-token',
      [1, 0, { ...EDIT, meaningDe: 'x'.repeat(501) }],
      'invalid_argument',
    ],
    [
      'a word edit with a server id for its lesson word',
      'drafts:edit-token',
      [1, 0, { ...EDIT, wordId: '0b6c1f6e-3b9a-4c59-9f5a-1d2e3f4a5b6c' }],
      'invalid_argument',
    ],
    [
      'a word edit with an unknown field',
      'drafts:edit-token',
      [1, 0, { ...EDIT, glossaryId: 'x' }],
      'invalid_argument',
    ],
    ['a word edit of position 500', 'drafts:edit-token', [1, 500, EDIT], 'invalid_argument'],
    ['a word edit without its edit', 'drafts:edit-token', [1, 0], 'invalid_argument'],
    [
      'alignment words carrying a forged edit',
      'drafts:set-alignment',
      [
        1,
        {
          lines: [],
          tokens: [
            {
              lineId: 1,
              tokens: [
                {
                  position: 0,
                  text: 'a',
                  charStart: 0,
                  charEnd: 1,
                  times: {
                    normal: { start: null, end: null },
                    slow: { start: null, end: null },
                    natural: { start: null, end: null },
                  },
                  edit: { ...EDIT, confirmed: 'yes' },
                },
              ],
            },
          ],
        },
      ],
      'invalid_argument',
    ],
    ['an argument to publish:target', 'publish:target', [{}], 'invalid_argument'],
    ['words to analyse as one string', 'language:analyse', ['megyünk'], 'invalid_argument'],
    [
      'a number among the words to analyse',
      'language:analyse',
      [['megyünk', 3]],
      'invalid_argument',
    ],
    ['an empty word to analyse', 'language:analyse', [['']], 'invalid_argument'],
    ['a word with a space to analyse', 'language:analyse', [['két szó']], 'invalid_argument'],
    ['a word with a NUL to analyse', 'language:analyse', [['meg\0y']], 'invalid_argument'],
    [
      'a 101-character word to analyse',
      'language:analyse',
      [['a'.repeat(101)]],
      'invalid_argument',
    ],
    [
      '501 words to analyse at once',
      'language:analyse',
      [Array.from({ length: 501 }, (_, i) => `szó${i}`)],
      'invalid_argument',
    ],
    [
      'a server address to publish:refresh-states (it asks only the remembered one)',
      'publish:refresh-states',
      ['http://attacker.invalid'],
      'invalid_argument',
    ],
  ])('refuses %s without calling the handler', async (_label, channel, args, code) => {
    const { handlers, calls } = fakeHandlers();
    const result = await createDispatcher(handlers, () => undefined)(channel, args);
    expect(result).toMatchObject({ ok: false, error: { code } });
    expect(calls).toEqual([]);
  });

  it('returns a word edit passed on as sent, and a reset (null) too', async () => {
    const { handlers, calls } = fakeHandlers();
    const dispatch = createDispatcher(handlers, () => undefined);
    await expect(dispatch('drafts:edit-token', [3, 1, EDIT])).resolves.toEqual({
      ok: true,
      value: null,
    });
    await expect(dispatch('drafts:edit-token', [3, 1, null])).resolves.toMatchObject({ ok: true });
    expect(calls).toEqual([
      [3, 1, EDIT],
      [3, 1, null],
    ]);
  });

  it('returns the words to analyse passed on as sent, up to 500 of up to 100 characters', async () => {
    const { handlers, calls } = fakeHandlers();
    const dispatch = createDispatcher(handlers, () => undefined);
    const most = Array.from({ length: 500 }, (_, i) => `${'ő'.repeat(97)}${i}`.slice(-100));
    for (const words of [['Megyünk', 'önöket', 'elmentünk'], most, []]) {
      await expect(dispatch('language:analyse', [words])).resolves.toMatchObject({ ok: true });
    }
    expect(calls).toEqual([[['Megyünk', 'önöket', 'elmentünk']], [most], [[]]]);
  });

  it('returns a StudioFailure as its code and message', async () => {
    const { handlers } = fakeHandlers();
    await expect(createDispatcher(handlers, () => undefined)('drafts:get', [13])).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Lesson not found' },
    });
  });

  it('returns unknown errors as internal and logs them with the channel', async () => {
    const { handlers } = fakeHandlers();
    const logged: Record<string, unknown>[] = [];
    const result = await createDispatcher(handlers, (_m, context) => logged.push(context))(
      'drafts:get',
      [14],
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(logged[0]).toMatchObject({ channel: 'drafts:get' });
  });
});
