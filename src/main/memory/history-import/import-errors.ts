/**
 * What can be wrong with an import, each naming what to fix: the CLI prints the message and
 * exits 2 for both, and since the import runs in one transaction, nothing was written.
 */

/** The export file itself is wrong: `where` is the JSON path (`messages[1234].date`) or a byte offset. */
export class ExportFormatError extends Error {
  constructor(
    readonly where: string,
    problem: string,
  ) {
    super(`${where}: ${problem}`);
    this.name = 'ExportFormatError';
  }
}

/** The export is well formed but does not fit the agent (another account's export, an unknown side). */
export class ImportMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportMismatchError';
  }
}
