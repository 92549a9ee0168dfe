import type { ModelTaskKind } from './definition';

/**
 * Other names for a kind, read as the kind itself: models reach for `photo` when they mean
 * `send_media`, and an operator may write the alias in a SCHEMA_TASKS comment.
 */
export const TASK_KIND_ALIASES: Readonly<Record<string, ModelTaskKind>> = { photo: 'send_media' };

/** The kind as Troupe names it: trimmed, lower-cased, an alias replaced by its kind. */
export function canonicalTaskKind(kind: string): string {
  const cleaned = kind.trim().toLowerCase();
  // Object.hasOwn: a model writing "constructor" must not pick up a prototype property.
  return Object.hasOwn(TASK_KIND_ALIASES, cleaned) ? TASK_KIND_ALIASES[cleaned]! : cleaned;
}
