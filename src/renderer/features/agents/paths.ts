/** Routes of the agents pages, relative to the hash router (`#/agents/...`). */
export const AGENTS_PATH = '/agents';

export function agentPath(configName: string): string {
  return `${AGENTS_PATH}/${encodeURIComponent(configName)}`;
}

/** The router decodes most of the path already; this undoes `encodeURIComponent` for the rest. */
export function configNameFromParam(param: string): string {
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}
