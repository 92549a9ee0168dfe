/** One part of the system prompt, kept apart so the Playground can show the prompt by section. */
export interface PromptSection {
  id: string;
  title: string;
  text: string;
  /**
   * True when the section is the same from turn to turn unless what it shows changed (prompt
   * caching depends on it); false for per-turn content such as the current time.
   */
  stable: boolean;
}

/** A section, or null when it would be empty (empty sections are left out of the prompt). */
export function promptSection(
  id: string,
  title: string,
  text: string,
  stable: boolean,
): PromptSection | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : { id, title, text: trimmed, stable };
}

/** Keeps a multi-line value inside its markdown list item. */
export function indentContinuation(value: string): string {
  return value.trim().replace(/\r?\n/g, '\n  ');
}
