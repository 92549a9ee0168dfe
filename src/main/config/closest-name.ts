/** Levenshtein distance, case-insensitive: a typo and a capitalisation slip both count as close. */
function editDistance(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      const substitution = previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length]!;
}

/**
 * The candidate that `name` most likely misspells, or null when none is close enough to suggest.
 * "Close enough" allows about one edit per four characters, and at least two.
 */
export function closestName(name: string, candidates: Iterable<string>): string | null {
  let best: { candidate: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (best === null || distance < best.distance) best = { candidate, distance };
  }
  if (best === null) return null;
  const allowed = Math.max(2, Math.floor(Math.max(name.length, best.candidate.length) / 4));
  return best.distance <= allowed ? best.candidate : null;
}
