import type { ChatInfo, ChatKind } from '../../shared/domain/conversation';
import { indentContinuation, type PromptSection, promptSection } from './section';

function chatTypeName(kind: ChatKind): string {
  switch (kind) {
    case 'direct':
      return 'direct message';
    case 'group':
      return 'group';
    case 'channel':
      return 'channel';
    default: {
      const unhandled: never = kind;
      return unhandled;
    }
  }
}

function username(value: string | null | undefined): string | null {
  const bare = value?.trim().replace(/^@/, '');
  return bare ? `@${bare}` : null;
}

/** Only the facts the chat has; an absent one is left out rather than written as unknown. */
function detailLines(chat: ChatInfo): [string, string | number | null][] {
  if (chat.kind === 'direct') {
    const partner = chat.partner;
    const fullName = partner ? [partner.firstName, partner.lastName].filter(Boolean).join(' ') : chat.title;
    return [
      ['Name', fullName || null],
      ['Username', username(partner?.username ?? chat.username)],
      ['Bio', partner?.bio ?? null],
      ['Birthday', partner?.birthday ?? null],
      ['Phone', partner?.phone ?? null],
      ['Profile photo', chat.photo?.description ?? null],
    ];
  }
  return [
    ['Title', chat.title || null],
    ['Username', username(chat.username)],
    ['Participants', chat.participantCount],
    ['Description', chat.description],
    ['Photo', chat.photo?.description ?? null],
  ];
}

/** `# Channel Details`: who or what this conversation is with. */
export function channelDetailsSection(chat: ChatInfo): PromptSection | null {
  const lines = [
    `- Type: ${chatTypeName(chat.kind)}`,
    `- Id: ${chat.channelId}`,
    ...detailLines(chat)
      .filter(([, value]) => value !== null && String(value).trim() !== '')
      .map(([label, value]) => `- ${label}: ${indentContinuation(String(value))}`),
  ];
  return promptSection(
    'channel-details',
    'Channel details',
    `# Channel Details\n\n${lines.join('\n')}`,
    true,
  );
}
