import { useCallback, useState } from 'react';
import { errorMessage, fieldErrors } from '../../../api/errors';

export type ApiForm = {
  /** The API's messages by input path (`fact.content`), for the fields. */
  errors: Record<string, string>;
  /** A refusal no field explains, for the whole form. */
  formError: string | null;
  saving: boolean;
  /** Drops a field's message once the operator changes it. */
  clear(path: string): void;
  /** Messages found before writing (a number left empty). */
  invalid(errors: Record<string, string>): void;
  /** Runs the write; on success `onDone`, else the API's messages go under their fields or the form. */
  submit(write: () => Promise<unknown>, onDone: () => void): Promise<void>;
};

/** What the memory forms with a Save button (facts, summaries, the profile) do with a write. */
export function useApiForm(): ApiForm {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = useCallback(async (write: () => Promise<unknown>, onDone: () => void) => {
    setSaving(true);
    setFormError(null);
    try {
      await write();
      onDone();
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      setFormError(Object.keys(byField).length > 0 ? null : errorMessage(error));
    } finally {
      setSaving(false);
    }
  }, []);

  return {
    errors,
    formError,
    saving,
    clear: useCallback((path: string) => setErrors(({ [path]: _fixed, ...rest }) => rest), []),
    invalid: setErrors,
    submit,
  };
}
