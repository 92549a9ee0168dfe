import type { MessagePart } from '../../../shared/domain/conversation';

/** Rows of the Simulator's tables (migration 002) and what writing them takes. */

export interface PersonRow {
  id: number;
  agent: string;
  first_name: string;
  last_name: string | null;
  username: string | null;
  bio: string | null;
  blocks_agent: number;
  created_at: string;
}

export interface MemberRow extends PersonRow {
  read_up_to: number;
}

export interface ChatRow {
  agent: string;
  channel_id: number;
  kind: 'direct' | 'group';
  title: string | null;
  muted: number;
  last_message_id: number;
  agent_read_up_to: number;
  people_read_up_to: number;
  created_at: string;
}

export interface MessageRow {
  agent: string;
  channel_id: number;
  message_id: number;
  sender_person_id: number | null;
  reply_to: number | null;
  parts_json: string;
  mentioned: number;
  mention_unread: number;
  hidden_for_agent: number;
  sent_at: string;
  edited_at: string | null;
}

export interface ReactionRow {
  message_id: number;
  person_id: number | null;
  emoji: string;
}

/** What the agent has to look at in one chat. */
export interface ChatUnreadRow {
  channel_id: number;
  unread_count: number;
  /** 1 when an unread mention from a sender the agent has not blocked is waiting. */
  mentioned: number;
  last_visible_message_id: number | null;
}

export interface NewPerson {
  id: number;
  agent: string;
  firstName: string;
  lastName: string | null;
  username: string | null;
  bio: string | null;
  createdAt: string;
}

export interface NewChat {
  agent: string;
  channelId: number;
  kind: 'direct' | 'group';
  title: string | null;
  createdAt: string;
}

export interface NewMessage {
  agent: string;
  channelId: number;
  messageId: number;
  senderPersonId: number | null;
  replyTo: number | null;
  parts: MessagePart[];
  mentioned: boolean;
  sentAt: string;
}

export interface ChatKey {
  agent: string;
  channelId: number;
}

export interface HistoryRange extends ChatKey {
  /** Exclusive bounds. */
  after: number;
  before: number;
  limit: number;
}
