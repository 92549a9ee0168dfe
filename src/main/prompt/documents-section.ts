import { type PromptSection, promptSection } from './section';

/** Names listed at most: an operator with hundreds of documents gets the first ones and a count. */
const MAX_LISTED = 60;

/**
 * The documents the operator gave the agent, by the name `retrieve` reads them with
 * (`file:NAME`). Left out when there are none or the agent's prompts do not enable `retrieve`:
 * the agent cannot read them then. The list changes only when a document is added, renamed or
 * removed, so it sits in the stable part of the prompt.
 */
export function documentsSection(
  names: readonly string[],
  allowedKinds: readonly string[],
): PromptSection | null {
  if (names.length === 0 || !allowedKinds.includes('retrieve')) return null;
  const listed = names.slice(0, MAX_LISTED).map((name) => `- \`file:${name}\``);
  const more = names.length - listed.length;
  const text = [
    '# Your Documents',
    '',
    'Your operator gave you these documents. Read one with `retrieve` when it may hold the answer:',
    '',
    ...listed,
    ...(more > 0 ? [`- …and ${more} more, read the same way by name.`] : []),
  ].join('\n');
  return promptSection('documents', 'Your documents', text, true);
}
