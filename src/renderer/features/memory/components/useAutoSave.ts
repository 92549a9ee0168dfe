import { type ChangeEvent, type KeyboardEvent, useCallback, useEffect, useReducer, useRef } from 'react';
import { errorMessage, fieldErrors } from '../../../api/errors';
import { autoSaveReducer, hasChanges, INITIAL_AUTOSAVE } from '../autosave-state';
import { reportFailure } from './notices';

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

export type AutoSave = {
  /** What the field shows: the draft, else the saved text. */
  value: string;
  onChange(text: string): void;
  /** Saves at once (leaving the field). */
  flush(): void;
  /** Drops the draft (Escape). */
  discard(): void;
  saving: boolean;
  /** Why the last save was refused: the API's message for `field`, else its whole message. */
  error: string | null;
  savedAt: number | null;
};

/**
 * A text saved as the operator types, like the settings forms but without a Save button: the
 * draft is kept while it differs from the saved text, written after a pause in typing or on
 * leaving the field, one save at a time, and the API's message for `field` shown under it. A
 * draft left when the field goes away, or when the page is hidden or unloaded, is saved then.
 */
export function useAutoSave({
  saved,
  save,
  field,
  what,
}: {
  saved: string;
  save: (text: string) => Promise<unknown>;
  /** The input path of the text in the API's issues (`entry.content`). */
  field: string;
  /** What is saved, for a failure after the field has gone ("The memory was not saved"). */
  what: string;
}): AutoSave {
  const [state, dispatch] = useReducer(autoSaveReducer, INITIAL_AUTOSAVE);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  // Read by the timer and the unmount, which outlive the render that set them.
  const latest = useRef({ draft: state.draft, saved, save, field, what });
  latest.current = { draft: state.draft, saved, save, field, what };

  const stopTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const run = useCallback(async () => {
    stopTimer();
    const current = latest.current;
    const text = current.draft;
    if (text === null || !hasChanges(text, current.saved) || inFlight.current) return;
    inFlight.current = true;
    dispatch({ type: 'saving' });
    try {
      await current.save(text);
      dispatch({ type: 'saved', text, at: Date.now() });
    } catch (error) {
      dispatch({ type: 'failed', error: fieldErrors(error)[current.field] ?? errorMessage(error) });
    } finally {
      inFlight.current = false;
    }
    // Typed on while it saved: that is saved after the next pause.
    if (latest.current.draft !== text && latest.current.draft !== null) {
      timer.current = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    }
  }, [stopTimer]);

  const onChange = useCallback(
    (text: string) => {
      dispatch({ type: 'edit', text });
      stopTimer();
      timer.current = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    },
    [run, stopTimer],
  );

  // Leaving the page (a reload, closing the tab, switching away from it) saves what waits for
  // its pause: the timer would not outlive the page.
  useEffect(() => {
    const save = () => void run();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [run]);

  // A draft still waiting for its pause is saved when the field goes away.
  useEffect(
    () => () => {
      const { draft, saved: savedText, save: write, what: label } = latest.current;
      if (timer.current === null || draft === null || !hasChanges(draft, savedText)) return;
      stopTimer();
      write(draft).catch(reportFailure(`${label} was not saved`));
    },
    [stopTimer],
  );

  return {
    value: state.draft ?? saved,
    onChange,
    flush: useCallback(() => void run(), [run]),
    discard: useCallback(() => {
      stopTimer();
      dispatch({ type: 'discard' });
    }, [stopTimer]),
    saving: state.saving,
    error: state.error,
    savedAt: state.savedAt,
  };
}

/** What binds a text field to an auto-save: it shows and saves the draft, leaving it saves, Escape drops it. */
export function autoSaveField(auto: AutoSave) {
  return {
    value: auto.value,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => auto.onChange(event.currentTarget.value),
    onBlur: auto.flush,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape') auto.discard();
    },
    error: auto.error,
  };
}
