/** Why a file cannot be read, in words, for the file system's usual refusals. */
const REASONS: Record<string, string> = {
  ENOENT: 'there is no such file.',
  ENOTDIR: 'there is no such file.',
  EISDIR: 'it is a folder, not a file.',
  EACCES: 'it may not be read.',
  EPERM: 'it may not be read.',
};

/** A failed read's reason as a command says it: the usual ones in words, anything else as Node put it. */
export function fileReadReason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return REASONS[code ?? ''] ?? message;
}
