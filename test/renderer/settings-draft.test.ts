import { describe, expect, it } from 'vitest';
import {
  type DraftAction,
  type DraftState,
  draftReducer,
  initialDraftState,
} from '../../src/renderer/features/settings/draft-state';
import { ApiError } from '../../src/shared/api/errors';

type Draft = { typingSpeed: number | string; llmConcurrency: number | string };

const typed: Draft = { typingSpeed: 12, llmConcurrency: '' };

function run(...actions: DraftAction<Draft>[]): DraftState<Draft> {
  return actions.reduce(draftReducer<Draft>, initialDraftState<Draft>());
}

const refused = new ApiError('invalid_input', 'The settings were not valid.', [
  { path: 'engine.typingSpeed', message: 'Too fast.' },
  { path: 'engine.llmConcurrency', message: 'At least 1.' },
]);

describe('settings form drafts', () => {
  it('follows the saved values until edited', () => {
    expect(initialDraftState()).toEqual({ draft: null, errors: {}, formError: null, saving: false });
    expect(run({ type: 'edit', draft: typed }).draft).toEqual(typed);
  });

  it('puts the API’s messages under the form’s fields, and none on the form', () => {
    const state = run(
      { type: 'edit', draft: typed },
      { type: 'saving' },
      { type: 'failed', error: refused, fieldPrefix: 'engine.' },
    );
    expect(state).toEqual({
      draft: typed,
      errors: { 'engine.typingSpeed': 'Too fast.', 'engine.llmConcurrency': 'At least 1.' },
      formError: null,
      saving: false,
    });
  });

  it('says on the form what no field of its own explains', () => {
    const elsewhere = new ApiError('invalid_input', 'The settings file is locked.', [
      { path: 'telegramServer.mode', message: 'Unknown mode.' },
    ]);
    const offline = new Error('The connection dropped.');
    expect(
      run({ type: 'saving' }, { type: 'failed', error: elsewhere, fieldPrefix: 'engine.' }).formError,
    ).toBe('The settings file is locked.');
    expect(run({ type: 'saving' }, { type: 'failed', error: offline, fieldPrefix: 'engine.' })).toMatchObject(
      { errors: {}, formError: 'The connection dropped.' },
    );
  });

  it('clears only the edited field’s message, or every message when no field is named', () => {
    const failed = run(
      { type: 'edit', draft: typed },
      { type: 'failed', error: refused, fieldPrefix: 'engine.' },
    );
    const fixedOne = draftReducer(failed, {
      type: 'edit',
      draft: { ...typed, typingSpeed: 10 },
      field: 'engine.typingSpeed',
    });
    expect(fixedOne.errors).toEqual({ 'engine.llmConcurrency': 'At least 1.' });
    const offline = run({ type: 'failed', error: new Error('Offline.'), fieldPrefix: 'engine.' });
    expect(draftReducer(offline, { type: 'edit', draft: typed })).toMatchObject({
      errors: {},
      formError: null,
    });
  });

  it('keeps messages found before saving, and drops the draft and messages once saved', () => {
    const invalid = run(
      { type: 'edit', draft: typed },
      { type: 'invalid', errors: { 'engine.x': 'Enter a number.' } },
    );
    expect(invalid).toMatchObject({ draft: typed, errors: { 'engine.x': 'Enter a number.' } });
    const saving = draftReducer(invalid, { type: 'saving' });
    expect(saving.saving).toBe(true);
    expect(draftReducer(saving, { type: 'saved' })).toEqual(initialDraftState());
  });

  it('discarding goes back to the saved values with no messages', () => {
    const failed = run(
      { type: 'edit', draft: typed },
      { type: 'failed', error: refused, fieldPrefix: 'engine.' },
    );
    expect(draftReducer(failed, { type: 'edit', draft: null })).toEqual(initialDraftState());
  });
});
