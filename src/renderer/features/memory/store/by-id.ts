/**
 * Edits of the runtime's lists by id, as the store shows a change before the runtime answers and
 * takes it back when the runtime refuses.
 */
type WithId = { id: string };

/** The list with the item of this id changed; the same list when there is none. */
export function changeById<T extends WithId>(items: T[], id: string, change: (item: T) => T): T[] {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) return items;
  const next = [...items];
  next[index] = change(items[index]!);
  return next;
}

/** The list with `item` in place of the one with its id, or at the end when it is new. */
export function upsertById<T extends WithId>(items: T[], item: T): T[] {
  return items.some((existing) => existing.id === item.id)
    ? changeById(items, item.id, () => item)
    : [...items, item];
}

/** A removed item and where it stood, to put it back. */
export type Removed<T> = { item: T; index: number } | null;

export function removeById<T extends WithId>(items: T[], id: string): { items: T[]; removed: Removed<T> } {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) return { items, removed: null };
  return { items: items.filter((item) => item.id !== id), removed: { item: items[index]!, index } };
}

/** Puts a removed item back where it stood, unless the list holds it again already. */
export function restore<T extends WithId>(items: T[], removed: Removed<T>): T[] {
  if (!removed || items.some((item) => item.id === removed.item.id)) return items;
  const next = [...items];
  next.splice(Math.min(removed.index, next.length), 0, removed.item);
  return next;
}

/** A change of one list item, in the shape `Parts.mutate` takes. */
type ListMutation<T, R> = {
  call: () => Promise<R>;
  show?: (items: T[]) => T[];
  settle?: (items: T[], result: R) => T[];
  undo: (items: T[]) => T[];
};

/** Removes the item at once; puts it back where it stood when the runtime refuses. */
export function removal<T extends WithId, R>(id: string, call: () => Promise<R>): ListMutation<T, R> {
  let removed: Removed<T> = null;
  return {
    call,
    show(items) {
      const result = removeById(items, id);
      removed = result.removed;
      return result.items;
    },
    undo: (items) => restore(items, removed),
  };
}

/**
 * Writes an item: an existing one (`id`) shows `change` at once and gets its old self back when
 * the runtime refuses; either way the runtime's copy replaces it, or joins the list when new.
 */
export function revision<T extends WithId>(
  id: string | undefined,
  call: () => Promise<T>,
  change: (item: T) => T,
): ListMutation<T, T> {
  let before: T | undefined;
  return {
    call,
    show:
      id === undefined
        ? undefined
        : (items) =>
            changeById(items, id, (item) => {
              before = item;
              return change(item);
            }),
    settle: (items, item) => upsertById(items, item),
    undo: (items) => (before && id !== undefined ? changeById(items, id, () => before!) : items),
  };
}
