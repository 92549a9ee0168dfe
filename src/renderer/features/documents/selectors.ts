import type { DocumentsState } from './store';

/** Named selectors: components read the documents store only through these. */
export const documentsSelectors = {
  list: (s: DocumentsState) => s.list,
  open: (s: DocumentsState) => s.open,
  agentDocs: (agent: string) => (s: DocumentsState) => s.agentDocs[agent],
  actions: (s: DocumentsState) => s.actions,
};
