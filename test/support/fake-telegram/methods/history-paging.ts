/** What history paging needs of a message: its id and date. */
interface Paged {
  readonly id: number;
  readonly logical: { readonly date: number };
}

export interface PageRequest {
  offsetId: number;
  offsetDate?: number;
  addOffset: number;
  limit: number;
  maxId: number;
  minId: number;
}

/**
 * Telegram's history paging over messages sorted newest first: start at the first message older
 * than offset_id (or offset_date), move by add_offset (negative reaches newer messages), take
 * `limit`, then keep only ids strictly between min_id and max_id.
 */
export function page<T extends Paged>(newestFirst: readonly T[], request: PageRequest): T[] {
  let start = 0;
  if (request.offsetId > 0) start = indexOrEnd(newestFirst, (copy) => copy.id < request.offsetId);
  else if (request.offsetDate && request.offsetDate > 0) {
    const offsetDate = request.offsetDate;
    start = indexOrEnd(newestFirst, (copy) => copy.logical.date < offsetDate);
  }
  start += request.addOffset;
  const limit = Math.min(Math.max(request.limit, 0), 100);
  return newestFirst
    .slice(Math.max(start, 0), Math.max(start + limit, 0))
    .filter(
      (copy) =>
        (request.maxId <= 0 || copy.id < request.maxId) && (request.minId <= 0 || copy.id > request.minId),
    );
}

function indexOrEnd<T>(items: readonly T[], matches: (item: T) => boolean): number {
  const index = items.findIndex(matches);
  return index === -1 ? items.length : index;
}
