import type { ProcedureOutput } from '../../../../shared/api/contract';
import { pluralize } from '../../../ui/format';

/** What "Summarize now" did: written, nothing to do, or asked the model and got nothing usable. */
export function summarizedNotice(result: ProcedureOutput<'memory.summarizeNow'>): {
  color: string;
  title: string;
  message: string;
} {
  if (result.written > 0) {
    const merged = result.consolidated > 0 ? `, ${pluralize(result.consolidated, 'older one')} merged.` : '.';
    return {
      color: 'teal',
      title: 'Summarized',
      message: `${pluralize(result.written, 'summary', 'summaries')} written${merged}`,
    };
  }
  if (result.modelCalls > 0) {
    return {
      color: 'orange',
      title: 'The model wrote no summary',
      message:
        'Its answer held no usable summary (the server log says why); nothing was saved. The agent asks again after its next turn, or try again.',
    };
  }
  return {
    color: 'teal',
    title: 'Nothing new to summarize',
    message: 'Every message of this chat is covered by a summary, or too recent to summarize.',
  };
}
