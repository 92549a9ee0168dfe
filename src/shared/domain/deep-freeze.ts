/**
 * Freezes `value` and everything it holds, so a value shared between callers (a cache's) throws
 * on a change instead of changing it for all of them. Returns `value`.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
