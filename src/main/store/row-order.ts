/**
 * Rows read without an ORDER BY, sorted here instead. The SQLite that better-sqlite3 ships plans a
 * statement again on every call that binds its parameters anew when the statement has an ORDER
 * BY or a LIMIT given as a parameter: about 5 µs for a one-table read, several times that for a
 * join, however few rows it finds. The short per-conversation lists a turn reads (summaries,
 * facts, scheduled events, fetched documents, a chat's members) are cheaper to sort than that.
 * Reads that need SQLite's order to stop at a LIMIT keep their ORDER BY.
 *
 * Columns compare as SQLite compares them: NULL first, then numbers or text; text by UTF-16 code
 * unit, which is SQLite's byte order for everything but characters beyond the Basic
 * Multilingual Plane.
 */
export function sortedBy<Row extends object>(rows: Row[], ...columns: (keyof Row)[]): Row[] {
  return rows.sort((a, b) => {
    for (const column of columns) {
      // SQLite hands over numbers, text or null for the columns sorted on.
      const left = a[column] as string | number | null;
      const right = b[column] as string | number | null;
      if (left === right) continue;
      if (left === null) return -1;
      if (right === null) return 1;
      return left < right ? -1 : 1;
    }
    return 0;
  });
}
