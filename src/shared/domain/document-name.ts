/**
 * Names of the markdown documents the console manages (role prompts, shared and agent documents).
 * The operator types a plain name; `.md` is added. Checked alike in the console, for a message on
 * the field as they type, and in the runtime, so that no name ever reaches outside its folder.
 */

export const DOCUMENT_EXTENSION = '.md';
const MAX_NAME_LENGTH = 120;
/** Names Windows keeps for devices, with any extension: such a file cannot be made there. */
const WINDOWS_DEVICE_NAMES = /^(?:con|prn|aux|nul|com\d|lpt\d)(?:\.|$)/i;

export type DocumentNameCheck = { ok: true; name: string } | { ok: false; message: string };

/** The name without `.md`, or what to fix in it. */
export function checkDocumentName(input: string): DocumentNameCheck {
  const trimmed = input.trim();
  const name = trimmed.toLowerCase().endsWith(DOCUMENT_EXTENSION)
    ? trimmed.slice(0, -DOCUMENT_EXTENSION.length).trimEnd()
    : trimmed;
  if (name === '') return { ok: false, message: 'Enter a name.' };
  if (/[/\\]/.test(name)) {
    return { ok: false, message: 'Use a plain file name: no / or \\ (the folder is chosen for you).' };
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    return { ok: false, message: 'The name has an invisible control character; type it again.' };
  }
  const forbidden = [...new Set(name.match(/[<>:"|?*]/g) ?? [])];
  if (forbidden.length > 0) {
    return {
      ok: false,
      message: `Leave out ${forbidden.map((character) => `"${character}"`).join(' ')} (Windows file names cannot have ${forbidden.length === 1 ? 'it' : 'them'}).`,
    };
  }
  if (name.startsWith('.')) {
    return { ok: false, message: 'A name cannot start with "." (such files are hidden and never loaded).' };
  }
  if (WINDOWS_DEVICE_NAMES.test(name)) {
    return {
      ok: false,
      message: `"${name.split('.')[0]}" is a device name on Windows; choose another name.`,
    };
  }
  if (name.length > MAX_NAME_LENGTH) {
    return { ok: false, message: `Use at most ${MAX_NAME_LENGTH} characters.` };
  }
  return { ok: true, name };
}

/** `Name` → `Name.md`. */
export function documentFileName(name: string): string {
  return `${name}${DOCUMENT_EXTENSION}`;
}

/**
 * The existing name `name` would clash with, or null: compared without case, as macOS and Windows
 * file systems would (`Notes` and `notes.md` are one file there). `except` is the document being
 * renamed. Messages name the clash as it is written (`Price List`, not the `price list` typed).
 */
export function documentNameClash(
  name: string,
  existing: Iterable<string>,
  except: string | null = null,
): string | null {
  const wanted = name.toLowerCase();
  for (const other of existing) {
    if (other === except) continue;
    if (other.toLowerCase() === wanted) return other;
  }
  return null;
}

/** Names of the prompts shipped with Troupe that its code looks up: `Instructions*` and `Task-*`. */
export function isSystemPromptName(name: string): boolean {
  return name.startsWith('Instructions') || name.startsWith('Task-');
}

/** Names as one phrase: "Juniper", "Juniper and Marnie", "Ada, Juniper and Marnie". */
export function joinNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
