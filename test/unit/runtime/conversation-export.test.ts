import { describe, expect, it } from 'vitest';
import { exportFileName, mediaEntryName } from '../../../src/main/runtime/conversation-export/export-archive';
import {
  type ExportDocument,
  renderExportHtml,
} from '../../../src/main/runtime/conversation-export/export-html';
import type { ChatMsg } from '../../../src/shared/domain/conversation';
import { interleaveTaskRows } from '../../../src/shared/domain/task-log-interleave';
import { taskRow as row } from '../../support/task-log-rows';

function message(messageId: number, sentAt: string, text: string, extra: Partial<ChatMsg> = {}): ChatMsg {
  return {
    channelId: 7,
    messageId,
    senderId: 1,
    senderName: 'Pat',
    senderUsername: null,
    isAgent: false,
    replyToMessageId: null,
    sentAt,
    editedAt: null,
    parts: [{ kind: 'text', text }],
    reactions: [],
    mentioned: false,
    ...extra,
  };
}

function document(overrides: Partial<ExportDocument> = {}): ExportDocument {
  return {
    agentName: 'Ada <the agent>',
    chatTitle: 'Pat & co',
    networkLabel: 'Simulator',
    exportedAt: new Date('2026-03-02T12:00:00Z'),
    timeZone: 'UTC',
    messages: [
      message(1, '2026-03-01T10:00:00Z', 'Hi <script>alert(1)</script>'),
      message(2, '2026-03-01T10:05:00Z', 'Hello "Pat"', { isAgent: true, senderName: null }),
    ],
    truncated: false,
    files: new Map(),
    summaries: [],
    taskLog: [],
    translations: new Map(),
    translationLanguage: null,
    ...overrides,
  };
}

describe('task-log rows between messages', () => {
  it('puts each row after the last message sent at or before it, older rows ahead of the first', () => {
    const rows = [
      row(1, '2026-03-01T09:59:00Z'),
      row(2, '2026-03-01T10:00:00Z'),
      row(3, '2026-03-01T10:06:00Z'),
    ];
    const placed = interleaveTaskRows(['2026-03-01T10:00:00Z', '2026-03-01T10:05:00Z'], rows);
    expect(placed.leading.map((r) => r.id)).toEqual([1]);
    expect(placed.after.map((list) => list.map((r) => r.id))).toEqual([[2], [3]]);
    expect(interleaveTaskRows([], rows).leading).toHaveLength(3);
  });
});

describe('the export page', () => {
  it('escapes every text from the chat and holds no script', () => {
    const html = renderExportHtml(document());
    expect(html).toContain('Hi &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('Hello &#34;Pat&#34;');
    expect(html).toContain('<h1>Pat &#38; co</h1>');
    expect(html).toContain('Ada &#60;the agent&#62;');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<style>');
  });

  it('shows the task log, summaries and translations where they belong', () => {
    const html = renderExportHtml(
      document({
        taskLog: [
          row(1, '2026-03-01T10:01:00Z', {
            kind: 'llm_usage',
            outcome: null,
            operation: 'received',
            model: 'gemini-2.5-flash',
            costUsd: 0.0012,
          }),
          row(2, '2026-03-01T10:05:30Z', { outcome: 'failed', failure: 'Flood <wait>' }),
        ],
        summaries: [{ text: 'They said hello.', maxMessageId: 1 }],
        translations: new Map([[1, 'Salut']]),
        translationLanguage: 'fr',
      }),
    );
    const order = [
      'Hi &#60;script',
      'Salut',
      'They said hello.',
      'LLM received · gemini-2.5-flash · $0.0012',
      'Hello &#34;Pat',
      'send · failed · Flood &#60;wait&#62;',
    ];
    const positions = order.map((text) => html.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(html).toContain('class="task failed"');
  });

  it('links files as given and names a missing one', () => {
    const photo = message(3, '2026-03-01T10:06:00Z', '', {
      parts: [
        { kind: 'media', mediaKind: 'photo', uniqueId: 'p1', description: 'A "cat"' },
        { kind: 'media', mediaKind: 'audio', uniqueId: 'v1', description: null },
      ],
    });
    const html = renderExportHtml(
      document({
        messages: [photo],
        files: new Map([['3:0', { href: 'media/3-0.jpg', mimeType: 'image/jpeg' }]]),
      }),
    );
    expect(html).toContain('<img src="media/3-0.jpg" alt="A &#34;cat&#34;"');
    expect(html).toContain('[audio: not available]');
  });
});

describe('names inside and of the zip', () => {
  it('names media by message and part, the extension from the type, else the file name, else bin', () => {
    expect(mediaEntryName(12, 0, 'image/jpeg')).toBe('media/12-0.jpg');
    expect(mediaEntryName(12, 1, 'audio/ogg; codecs=opus')).toBe('media/12-1.ogg');
    expect(mediaEntryName(5, 0, 'application/octet-stream', '../../etc/passwd.PDF')).toBe('media/5-0.pdf');
    expect(mediaEntryName(5, 0, 'application/octet-stream', 'no extension')).toBe('media/5-0.bin');
  });

  it('names the download after the agent, the chat and the day, without characters file systems refuse', () => {
    expect(exportFileName('Ada', 'Pat / Kim: "plans"', '2026-03-02')).toBe(
      'Ada-Pat _ Kim_ _plans_-2026-03-02.zip',
    );
    expect(exportFileName('Ada', '   ', '2026-03-02')).toBe('Ada-chat-2026-03-02.zip');
  });
});
