import type { MediaSettings } from '../../../shared/domain/settings';

/** A media settings draft: number fields hold text while the operator is typing. */
export type MediaDraft = { model: string } & {
  [K in Exclude<keyof MediaSettings, 'model'>]: number | string;
};

export const MEDIA_NUMBER_FIELDS = ['descriptionsPerTurn', 'maxDurationSeconds', 'maxFileMegabytes'] as const;

/** The fields of the draft that differ from the saved values (the model trimmed). */
export function mediaChanges(draft: MediaDraft, saved: MediaSettings): Partial<MediaDraft> {
  const patch: Partial<MediaDraft> = {};
  if (draft.model.trim() !== saved.model) patch.model = draft.model.trim();
  for (const field of MEDIA_NUMBER_FIELDS) if (draft[field] !== saved[field]) patch[field] = draft[field];
  return patch;
}

/** Number fields left empty: the API would only say "expected number". */
export function mediaDraftErrors(draft: MediaDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of MEDIA_NUMBER_FIELDS) {
    if (typeof draft[field] === 'string') errors[`media.${field}`] = 'Enter a number.';
  }
  return errors;
}
