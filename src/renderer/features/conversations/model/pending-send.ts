import type { StickerRef } from '../../../../shared/domain/conversation';

/** A message the operator sent that the runtime has not confirmed yet (or refused). */
export type PendingSend = {
  tempId: string;
  personId: number;
  replyTo: number | null;
  content: { kind: 'text'; text: string } | { kind: 'sticker'; sticker: StickerRef };
  status: 'sending' | 'failed';
  error: string | null;
  createdAt: string;
};
