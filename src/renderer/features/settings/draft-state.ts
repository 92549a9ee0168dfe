import { errorMessage, fieldErrors } from '../../api/errors';

/**
 * A settings form's draft and how its save went. `draft` is null while nothing was typed: the
 * form then shows the saved values, including changes made from another console.
 */
export type DraftState<D> = {
  draft: D | null;
  /** Messages by input path (`engine.typingSpeed`), shown under their fields. */
  errors: Record<string, string>;
  /** A refusal no field explains, shown for the whole form. */
  formError: string | null;
  saving: boolean;
};

export type DraftAction<D> =
  /** A change; with `field`, only that field's message goes, else every message does. */
  | { type: 'edit'; draft: D | null; field?: string }
  | { type: 'invalid'; errors: Record<string, string> }
  | { type: 'saving' }
  | { type: 'saved' }
  /** `fieldPrefix` names the form's own inputs (`engine.`); other messages are the form's. */
  | { type: 'failed'; error: unknown; fieldPrefix: string };

export function initialDraftState<D>(): DraftState<D> {
  return { draft: null, errors: {}, formError: null, saving: false };
}

export function draftReducer<D>(state: DraftState<D>, action: DraftAction<D>): DraftState<D> {
  switch (action.type) {
    case 'edit': {
      if (action.field === undefined) return { ...state, draft: action.draft, errors: {}, formError: null };
      const { [action.field]: _fixed, ...errors } = state.errors;
      return { ...state, draft: action.draft, errors };
    }
    case 'invalid':
      return { ...state, errors: action.errors };
    case 'saving':
      return { ...state, saving: true, formError: null };
    case 'saved':
      return { draft: null, errors: {}, formError: null, saving: false };
    case 'failed': {
      const errors = fieldErrors(action.error);
      const onFields = Object.keys(errors).some((path) => path.startsWith(action.fieldPrefix));
      return { ...state, saving: false, errors, formError: onFields ? null : errorMessage(action.error) };
    }
    default:
      return action satisfies never;
  }
}
