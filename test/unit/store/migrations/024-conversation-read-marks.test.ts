import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/main/logging';
import { openStore } from '../../../../src/main/store';
import { MIGRATIONS } from '../../../../src/main/store/migrations';
import { migration024ConversationReadMarks } from '../../../../src/main/store/migrations/024-conversation-read-marks';

const conversation = { agent: 'Ada', network: 'telegram' as const, channelId: 5001 };

describe('migration 024 conversation read marks', () => {
  it('is version 24, the twenty-fourth', () => {
    expect(migration024ConversationReadMarks.version).toBe(24);
    expect(MIGRATIONS[23]).toBe(migration024ConversationReadMarks);
  });

  it('keeps how far a conversation was read, only ever moving forward, and goes with its agent', () => {
    const store = openStore({ file: ':memory:', logger: createLogger({ level: 'silent' }) });
    expect(store.readMarks.readThrough(conversation)).toBe(0);
    store.readMarks.advance(conversation, 12);
    store.readMarks.advance(conversation, 9);
    expect(store.readMarks.readThrough(conversation)).toBe(12);
    expect(store.readMarks.readThrough({ ...conversation, network: 'simulator' })).toBe(0);
    store.agentRows.rename('Ada', 'Bea');
    expect(store.readMarks.readThrough({ ...conversation, agent: 'Bea' })).toBe(12);
    store.agentRows.delete('Bea');
    expect(store.readMarks.readThrough({ ...conversation, agent: 'Bea' })).toBe(0);
    store.close();
  });
});
