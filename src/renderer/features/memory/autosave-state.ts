/**
 * An auto-saved text field: the operator's draft while it differs from what is saved, whether a
 * save is on its way, and why the last one was refused. `draft` is null while nothing was typed:
 * the field then shows the saved text, including changes made by the agent or another console.
 */
export type AutoSaveState = {
  draft: string | null;
  saving: boolean;
  /** The refusal, under the field; typing again clears it. */
  error: string | null;
  /** When the last save went through, for a brief "Saved". */
  savedAt: number | null;
};

export type AutoSaveAction =
  | { type: 'edit'; text: string }
  | { type: 'saving' }
  /** `text` was saved; a draft typed on meanwhile stays to be saved next. */
  | { type: 'saved'; text: string; at: number }
  | { type: 'failed'; error: string }
  | { type: 'discard' };

export const INITIAL_AUTOSAVE: AutoSaveState = { draft: null, saving: false, error: null, savedAt: null };

export function autoSaveReducer(state: AutoSaveState, action: AutoSaveAction): AutoSaveState {
  switch (action.type) {
    case 'edit':
      return { ...state, draft: action.text, error: null };
    case 'saving':
      return { ...state, saving: true, error: null };
    case 'saved':
      return {
        draft: state.draft === action.text ? null : state.draft,
        saving: false,
        error: null,
        savedAt: action.at,
      };
    case 'failed':
      return { ...state, saving: false, error: action.error };
    case 'discard':
      return { ...state, draft: null, error: null };
    default:
      return action satisfies never;
  }
}

/** Whether the draft holds something to save: typed, and not what is saved already. */
export function hasChanges(draft: string | null, saved: string): boolean {
  return draft !== null && draft.trim() !== saved.trim();
}
