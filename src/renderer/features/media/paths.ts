/** The media-description editor's route (`#/media`), and one record's (`#/media/:uniqueId`). */
export const MEDIA_PATH = '/media';

/** The editor opened on one file's records, e.g. from a message's media. */
export function mediaEditorPath(uniqueId?: string | null): string {
  return uniqueId ? `${MEDIA_PATH}/${encodeURIComponent(uniqueId)}` : MEDIA_PATH;
}

/** The unique id a route names; null for none or one Telegram could not have given. */
export function uniqueIdFromParam(param: string | undefined): string | null {
  if (param === undefined) return null;
  let value: string;
  try {
    value = decodeURIComponent(param);
  } catch {
    return null;
  }
  return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null;
}
