import { describe, expect, it } from 'vitest';
import {
  type ChatPlacement,
  placeChat,
  sideRule,
} from '../../../../src/main/memory/history-import/export-chat';
import {
  type ExportChatContext,
  exportMessageRow,
} from '../../../../src/main/memory/history-import/export-message';
import {
  type ExportMedia,
  ExportMediaSchema,
  type ExportMessage,
} from '../../../../src/main/memory/history-import/export-schema';
import { ImportMismatchError } from '../../../../src/main/memory/history-import/import-errors';
import { isoFromUnixSeconds } from '../../../../src/main/memory/history-import/unix-time';
import { exportTextToMarkdown } from '../../../../src/main/telegram/mapping';

const PAT = 5_550_001;
const ADA = 7_000_001;

function direct(agentTelegramId: number | null = ADA): ExportChatContext {
  const placement = placeChat({ name: 'Pat Doe', type: 'personal_chat', id: PAT }, '');
  return {
    channelId: placement.channelId,
    isAgent: sideRule(placement, { agent: 'Ada', agentTelegramId, chatName: 'Pat Doe' }),
    formatText: exportTextToMarkdown,
  };
}

function message(fields: Partial<ExportMessage> & Record<string, unknown> = {}): ExportMessage {
  return {
    id: 2,
    type: 'message',
    date: '2024-01-31T18:04:05',
    date_unixtime: '1706724245',
    from: 'Pat Doe',
    from_id: `user${PAT}`,
    text: 'hello',
    ...fields,
  } as ExportMessage;
}

function row(fields: Record<string, unknown> = {}, context = direct()) {
  const media = ExportMediaSchema.safeParse(fields);
  const hasMedia = Object.keys(ExportMediaSchema.shape).some((key) => key in fields);
  return exportMessageRow(
    message(fields),
    hasMedia ? (media.data as ExportMedia) : null,
    context,
    'messages[1]',
  );
}

function parts(fields: Record<string, unknown>) {
  return JSON.parse(row(fields).partsJson) as unknown[];
}

describe('an exported message as an archive row', () => {
  it('keeps the id, sender, reply and times in UTC, text as a part', () => {
    expect(row({ reply_to_message_id: 1, edited_unixtime: '1706724300' })).toEqual({
      messageId: 2,
      senderId: PAT,
      senderName: 'Pat Doe',
      isAgent: false,
      replyTo: 1,
      sentAt: '2024-01-31T18:04:05.000Z',
      editedAt: '2024-01-31T18:05:00.000Z',
      text: 'hello',
      partsJson: '[{"kind":"text","text":"hello"}]',
    });
  });

  it('reads text given as plain strings and formatted runs', () => {
    expect(
      row({ text: ['Yes! ', { type: 'bold', text: 'Thursday' }, ' see ', { type: 'link', text: 'x.org' }] })
        .text,
    ).toBe('Yes! **Thursday** see x.org');
    expect(row({ text: '' }).partsJson).toBe('[]');
  });

  it('reads local dates in the time zone of this machine when there are no Unix times', () => {
    const sentAt = row({ date_unixtime: undefined, date: '2024-02-01T09:30:00' }).sentAt;
    expect(sentAt).toBe(new Date('2024-02-01T09:30:00').toISOString());
    expect(row({ date_unixtime: undefined, date: '2024-02-01T09:30:00+02:00' }).sentAt).toBe(
      '2024-02-01T07:30:00.000Z',
    );
  });

  it('names the field when a date, time or sender id is malformed, or the date missing', () => {
    expect(() => row({ date_unixtime: 'soon' })).toThrow('messages[1].date_unixtime: expected Unix seconds');
    expect(() => row({ date_unixtime: undefined, date: 'yesterday' })).toThrow(
      'messages[1].date: expected a date like "2024-01-31T18:04:05"',
    );
    expect(() => row({ date_unixtime: undefined, date: undefined })).toThrow('messages[1].date: missing');
    expect(() => row({ from_id: 'person12' })).toThrow(
      'messages[1].from_id: expected a sender id like "user123"',
    );
  });

  it('turns media into the parts live sessions give them, searchable the same way', () => {
    expect(parts({ photo: 'photos/photo_1@31-01-2024_18-10-00.jpg' })).toEqual([
      { kind: 'text', text: 'hello' },
      {
        kind: 'media',
        mediaKind: 'photo',
        uniqueId: `export:${PAT}/2`,
        description: null,
        mimeType: 'image/jpeg',
      },
    ]);
    const sticker = row({
      text: '',
      file: '(File not included. Change data exporting settings to download.)',
      media_type: 'sticker',
      sticker_emoji: '😀',
    });
    expect(JSON.parse(sticker.partsJson)).toEqual([
      {
        kind: 'media',
        mediaKind: 'sticker',
        uniqueId: `export:${PAT}/2`,
        description: null,
        mimeType: null,
        fileName: null,
        stickerSetName: null,
        stickerSetTitle: null,
        stickerName: '😀',
      },
    ]);
    expect(sticker.text).toBe('sticker 😀');
    expect(parts({ text: '', file: 'stickers/sticker (3).webp', media_type: 'sticker' })[0]).toMatchObject({
      mimeType: 'image/webp',
      fileName: 'sticker.webp',
    });
  });

  it('classifies documents by media_type, else by MIME type, with their own file names only', () => {
    const kind = (fields: Record<string, unknown>) =>
      parts({ text: '', ...fields })[0] as {
        mediaKind: string;
        fileName: string | null;
        mimeType: string | null;
      };
    expect(
      kind({
        file: 'voice_messages/audio_1@31-01-2024_18-12-00.ogg',
        media_type: 'voice_message',
        mime_type: 'audio/ogg',
      }),
    ).toMatchObject({ mediaKind: 'audio', fileName: null, mimeType: 'audio/ogg' });
    expect(kind({ file: 'video_files/clip.mp4', media_type: 'video_file' }).mediaKind).toBe('video');
    expect(
      kind({ file: 'round_video_messages/file_2@01-02-2024_10-00-00.mp4', media_type: 'video_message' }),
    ).toMatchObject({ mediaKind: 'video', fileName: null });
    expect(kind({ file: 'animations/dance.mp4', media_type: 'animation' }).mediaKind).toBe('gif');
    expect(kind({ file: 'files/song.mp3', media_type: 'audio_file' }).mediaKind).toBe('audio');
    expect(kind({ file: 'files/menu (2).pdf', mime_type: 'application/pdf' })).toMatchObject({
      mediaKind: 'document',
      fileName: 'menu.pdf',
    });
    expect(kind({ file: 'files/x.gif', mime_type: 'image/gif' }).mediaKind).toBe('gif');
    expect(
      kind({ file: 'files/a', file_name: 'Report Q1.xlsx', mime_type: 'application/vnd.ms-excel' }).fileName,
    ).toBe('Report Q1.xlsx');
    expect(row({ text: '', file: 'files/menu.pdf', mime_type: 'application/pdf' }).text).toBe(
      'document menu.pdf',
    );
  });

  it('names what Troupe cannot show, as live sessions do', () => {
    const unknown = (fields: Record<string, unknown>) => parts({ text: '', ...fields });
    expect(unknown({ poll: { question: 'Picnic?' } })).toEqual([{ kind: 'unknown', partKind: 'poll' }]);
    expect(unknown({ contact_information: { first_name: 'Jo' } })).toEqual([
      { kind: 'unknown', partKind: 'contact' },
    ]);
    expect(unknown({ location_information: { latitude: 1, longitude: 2 } })).toEqual([
      { kind: 'unknown', partKind: 'location' },
    ]);
    expect(unknown({ place_name: 'Pier', location_information: {} })).toEqual([
      { kind: 'unknown', partKind: 'venue' },
    ]);
    expect(unknown({ location_information: {}, live_location_period_seconds: 900 })).toEqual([
      { kind: 'unknown', partKind: 'live location' },
    ]);
  });

  it('drops a reply to another chat, as live sessions do', () => {
    expect(row({ reply_to_message_id: 9, reply_to_peer_id: 'channel1900000002' }).replyTo).toBeNull();
    expect(row({ reply_to_message_id: 9, reply_to_peer_id: `user${PAT}` }).replyTo).toBe(9);
  });
});

describe('which side a sender is on', () => {
  it('in a direct chat: everyone but the partner is the agent, and a third sender is refused', () => {
    expect(row({ from_id: `user${ADA}` }).isAgent).toBe(true);
    expect(row({ from_id: `user${PAT}` }).isAgent).toBe(false);
    expect(() => row({ from_id: 'user999' })).toThrow(ImportMismatchError);
    expect(() => row({ from_id: 'user999' })).toThrow(
      'messages[1].from_id: user999 is neither Pat Doe (user5550001) nor the agent (user7000001)',
    );
  });

  it("in a direct chat without the agent's id: the first other sender stands for it", () => {
    const context = direct(null);
    expect(row({ from_id: 'user42' }, context).isAgent).toBe(true);
    expect(() => row({ from_id: 'user43' }, context)).toThrow(ImportMismatchError);
  });

  it("in a group: only the agent's own id, and without it the import says how to give it", () => {
    const group: ChatPlacement = placeChat(
      { name: 'Book club', type: 'private_supergroup', id: 1_800_000_001 },
      '',
    );
    expect(group.channelId).toBe(-1_001_800_000_001);
    const isAgent = sideRule(group, { agent: 'Ada', agentTelegramId: ADA, chatName: 'Book club' });
    expect(isAgent(ADA, 'x')).toBe(true);
    expect(isAgent(6_000_001, 'x')).toBe(false);
    expect(isAgent(-1_001_800_000_001, 'x')).toBe(false);
    expect(() => sideRule(group, { agent: 'Ada', agentTelegramId: null, chatName: 'Book club' })).toThrow(
      /"Book club" is a group, and which of its senders is Ada needs the agent's Telegram id/,
    );
  });

  it('files chats under the ids live sessions use', () => {
    expect(placeChat({ type: 'personal_chat', id: 5 }, '').channelId).toBe(5);
    expect(placeChat({ type: 'bot_chat', id: 6 }, '').channelId).toBe(6);
    expect(placeChat({ type: 'private_group', id: 4_000_001 }, '')).toEqual({
      channelId: -4_000_001,
      kind: 'group',
    });
    expect(placeChat({ type: 'public_supergroup', id: 7 }, '').channelId).toBe(-1_000_000_000_007);
    expect(placeChat({ type: 'public_channel', id: 7 }, '')).toEqual({
      channelId: -1_000_000_000_007,
      kind: 'channel',
    });
  });
});

describe('Unix seconds as ISO-8601', () => {
  it('writes exactly what Date#toISOString writes', () => {
    for (const seconds of [
      0, 59, 86_399, 86_400, 951_782_400, 951_868_800, 1_706_724_245, 4_107_542_399, 253_402_300_799,
    ]) {
      expect(isoFromUnixSeconds(seconds)).toBe(new Date(seconds * 1000).toISOString());
    }
    for (let seconds = 0; seconds < 4_000_000_000; seconds += 9_999_991) {
      expect(isoFromUnixSeconds(seconds)).toBe(new Date(seconds * 1000).toISOString());
    }
  });
});
