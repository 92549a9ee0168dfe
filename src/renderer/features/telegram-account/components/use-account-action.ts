import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../../api/errors';

/**
 * Runs one of the account's actions for a form: busy while it runs, and its refusal kept as field
 * messages (a taken username under the username) or, for anything else (a flood wait, a lost
 * session), as one sentence for the form. `done` says the last run saved; the form's first edit
 * after it calls `edited`, so the confirmation never stands beside a value Telegram has not got.
 */
export function useAccountAction() {
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const run = async (action: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setFields({});
    setError(null);
    setDone(false);
    try {
      await action();
      setDone(true);
      return true;
    } catch (failure) {
      const byField = fieldErrors(failure);
      setFields(byField);
      if (Object.keys(byField).length === 0) setError(errorMessage(failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { busy, fields, error, done, run, fail: setFields, edited: () => setDone(false) };
}
