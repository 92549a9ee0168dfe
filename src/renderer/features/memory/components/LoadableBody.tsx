import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../ui/states';
import type { Loadable } from '../store';

/**
 * What a memory view shows of a record from the runtime: a spinner before its first answer, the
 * failure with a retry, `empty` when there is nothing, else `children`. A failed refresh keeps
 * what is shown.
 */
export function LoadableBody({
  record,
  isEmpty,
  what,
  onRetry,
  empty,
  children,
}: {
  record: Loadable<unknown>;
  isEmpty: boolean;
  /** What is loaded, in the plural ("summaries"). */
  what: string;
  onRetry: () => void;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (record.status === 'error' && isEmpty) {
    return (
      <ErrorState
        title={`The ${what} could not be loaded`}
        message={record.error ?? 'Unknown error.'}
        onRetry={onRetry}
      />
    );
  }
  if (record.status !== 'ready' && isEmpty) return <LoadingState label={`Loading ${what}…`} minHeight={72} />;
  return isEmpty ? empty : children;
}
