/**
 * Where simulated ids come from. They look like Telegram's (people positive, groups negative
 * `-100…` supergroup ids) so every layer treats a simulated chat exactly like a real one, and
 * they sit in ranges of their own so a simulated partner is easy to tell apart in logs.
 */

/** The first id handed to a simulated person; a direct chat's channel id is its person's id. */
export const FIRST_SIMULATED_PERSON_ID = 9_000_000_001;

/** Telegram writes a supergroup's channel id as -(10^12 + n). */
const SUPERGROUP_ID_OFFSET = 1_000_000_000_000;

/** The first group number; its channel id is -1009000000001. */
export const FIRST_SIMULATED_GROUP_NUMBER = 9_000_000_001;

export function groupChannelId(groupNumber: number): number {
  return -(SUPERGROUP_ID_OFFSET + groupNumber);
}
