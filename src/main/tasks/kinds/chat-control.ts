import { z } from 'zod';
import { defineTaskKind } from './definition';

/** Blocks the partner of a direct chat. */
export const blockTask = defineTaskKind({
  kind: 'block',
  params: z.object({}),
  jsonProperties: {},
  required: [],
});

/** Unblocks the partner of a direct chat. */
export const unblockTask = defineTaskKind({
  kind: 'unblock',
  params: z.object({}),
  jsonProperties: {},
  required: [],
});

/** Deletes a direct chat's whole history, for both sides. */
export const clearConversationTask = defineTaskKind({
  kind: 'clear-conversation',
  params: z.object({}),
  jsonProperties: {},
  required: [],
});
