import { agentPath } from '../agents/paths';

/** The Documents page (`#/documents`): every config directory's role prompts and shared documents. */
export const DOCUMENTS_PATH = '/documents';

/** An agent's Documents tab (`#/agents/:configName/documents`): its own `agents/<Name>/docs/`. */
export function agentDocumentsPath(configName: string): string {
  return `${agentPath(configName)}/documents`;
}
