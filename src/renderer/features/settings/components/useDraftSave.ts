import { notifications } from '@mantine/notifications';
import { useCallback, useReducer, useRef } from 'react';
import { type DraftState, draftReducer, initialDraftState } from '../draft-state';

export type SavedNotice = { title: string; message: string };

export type DraftSave<D> = DraftState<D> & {
  /** Replaces the draft; with `field`, clears only that field's message. */
  edit(draft: D, field?: string): void;
  /** Back to the saved values, messages cleared. */
  discard(): void;
  /** Messages found before saving, e.g. a required field left empty. */
  invalid(errors: Record<string, string>): void;
  /** Runs `write` unless a save is running; on success drops the draft and tells the operator. */
  save(write: () => Promise<unknown>, notice: SavedNotice): Promise<void>;
};

/**
 * What every settings form does with its draft: follow the saved values until edited, save once
 * at a time, put the API's messages under their fields (`fieldPrefix` names the form's own, such
 * as `engine.`) or else on the form, and confirm a save with a notification.
 */
export function useDraftSave<D>(fieldPrefix: string): DraftSave<D> {
  const [state, dispatch] = useReducer(draftReducer<D>, undefined, initialDraftState<D>);
  // A second submit while one runs is ignored, also before the re-render shows it.
  const saving = useRef(false);

  const save = useCallback(
    async (write: () => Promise<unknown>, notice: SavedNotice) => {
      if (saving.current) return;
      saving.current = true;
      dispatch({ type: 'saving' });
      try {
        await write();
        dispatch({ type: 'saved' });
        notifications.show({ color: 'teal', ...notice });
      } catch (error) {
        dispatch({ type: 'failed', error, fieldPrefix });
      } finally {
        saving.current = false;
      }
    },
    [fieldPrefix],
  );

  return {
    ...state,
    edit: useCallback((draft: D, field?: string) => dispatch({ type: 'edit', draft, field }), []),
    discard: useCallback(() => dispatch({ type: 'edit', draft: null }), []),
    invalid: useCallback((errors: Record<string, string>) => dispatch({ type: 'invalid', errors }), []),
    save,
  };
}
