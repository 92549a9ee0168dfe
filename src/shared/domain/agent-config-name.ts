/**
 * An agent's config name: the stem of its file (`agents/<name>.md`) and its key everywhere
 * (state, addresses, the API). Checked alike in the console, for a message on the field as the
 * operator types, and in the runtime, so that no name ever reaches outside the agents folder.
 */

const MAX_CONFIG_NAME_LENGTH = 64;
const CONFIG_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** Taken by the console's own addresses (see load-config's reserved name). */
const RESERVED_CONFIG_NAME = 'media';

/** What to fix in a config name, or null when it may be used. */
export function configNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Enter a config name.';
  if (name.length > MAX_CONFIG_NAME_LENGTH) {
    return `Keep the config name to ${MAX_CONFIG_NAME_LENGTH} characters.`;
  }
  if (!CONFIG_NAME.test(name)) {
    return 'Use letters, digits, "-" and "_" only, starting with a letter or digit (no spaces).';
  }
  if (name.toLowerCase() === RESERVED_CONFIG_NAME) return `"${name}" is reserved; choose another name.`;
  return null;
}

/**
 * Two config names that would name the same file on a case-insensitive file system (macOS,
 * Windows), so no two agents may have them.
 */
export function sameConfigName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** What the operator types to confirm deleting an agent. */
export function deleteConfirmation(configName: string): string {
  return `DELETE ${configName}`;
}
