import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shippedConfigDirs } from '../../../src/main/config';
import { createLogger } from '../../../src/main/logging';
import { createKeyFileCipher, SecretStore } from '../../../src/main/secrets';
import { DATABASE_FILE_NAME, openStore } from '../../../src/main/store';
import { runCliCapturing } from '../../support/cli-run';
import { agentFile } from '../../support/engine-harness';
import { type FakeLlmServer, startFakeLlmServer } from '../../support/fake-llm-server';
import { tempDirsPerTest } from '../../support/helpers';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const PARTNER = 5_550_002;
const SECRET_KEY = 'a passphrase for the test state directory';

/** A personal chat of `count` messages, Pat and the agent taking turns, one a minute. */
function exportOf(count: number) {
  const start = Date.UTC(2024, 2, 1, 9);
  const messages = Array.from({ length: count }, (_, index) => {
    const fromPat = index % 2 === 0;
    const at = start + index * 60_000;
    return {
      id: index + 1,
      type: 'message',
      date: new Date(at).toISOString().slice(0, 19),
      date_unixtime: String(at / 1000),
      from: fromPat ? 'Pat Doe' : 'Ada',
      from_id: fromPat ? `user${PARTNER}` : 'user7000001',
      text: fromPat ? `Pat's message ${index} about the allotment` : `Ada answers ${index}`,
    };
  });
  return { name: 'Pat Doe', type: 'personal_chat', id: PARTNER, messages };
}

describe('troupe history import --summarize --extract', () => {
  const tempDir = tempDirsPerTest();
  let root: string;
  let llm: FakeLlmServer;

  beforeEach(async () => {
    root = tempDir();
    llm = await startFakeLlmServer();
    mkdirSync(join(root, 'config', 'agents'), { recursive: true });
    writeFileSync(join(root, 'config', 'agents', 'Ada.md'), agentFile('Ada'));
    writeFileSync(join(root, 'result.json'), JSON.stringify(exportOf(40)));
  });

  afterEach(async () => {
    await llm.close();
  });

  function withStore<T>(work: (store: ReturnType<typeof openStore>) => T): T {
    mkdirSync(join(root, 'state'), { recursive: true });
    const logger = createLogger({ level: 'silent' });
    const store = openStore({ file: join(root, 'state', DATABASE_FILE_NAME), logger });
    try {
      return work(store);
    } finally {
      store.close();
    }
  }

  async function cli(args: string[], env: Record<string, string> = {}) {
    return runCliCapturing(
      ['history', 'import', '--state', join(root, 'state'), '--config-path', join(root, 'config'), ...args],
      {
        env: { TROUPE_LOG_LEVEL: 'silent', GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl, ...env },
        cwd: root,
        appRoot: REPO_ROOT,
        defaultDirs: shippedConfigDirs(REPO_ROOT),
        stdoutIsTerminal: false,
      },
    );
  }

  it('summarizes the imported history but its newest messages, reads it for facts, and says what it will cost first', async () => {
    withStore((store) => {
      const logger = createLogger({ level: 'silent' });
      const cipher = createKeyFileCipher({
        stateDir: join(root, 'state'),
        env: { TROUPE_SECRET_KEY: SECRET_KEY },
        logger,
      });
      new SecretStore({ repository: store.secrets, cipher, logger }).set('gemini.apiKey', 'test-key');
    });
    llm.replyWith({
      tasks: [
        {
          kind: 'summarize',
          content: 'Pat and Ada talked about the allotment all morning.',
          min_message_id: 1,
          max_message_id: 20,
        },
      ],
    });
    llm.replyWith({
      tasks: [
        {
          about: PARTNER,
          category: 'preference',
          key: 'hobby',
          content: 'Pat keeps an allotment.',
          message_ids: [1],
        },
      ],
    });
    const { code, stdout, stderr } = await cli(
      ['--agent', 'Ada', '--export', join(root, 'result.json'), '--summarize', '--extract'],
      {
        TROUPE_SECRET_KEY: SECRET_KEY,
      },
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /Before the LLM passes, an estimate:\n {2}summaries: 1 call to gemini-[\w.-]+, about [\d,]+ input tokens, /,
    );
    expect(stdout).toMatch(/ {2}facts: 1 call to /);
    expect(stdout).toContain('1 summary written, 1 fact kept.');
    const summarization = llm.requests[0]!.body as { contents: { parts: { text: string }[] }[] };
    const shown = JSON.stringify(summarization.contents);
    expect(shown).toContain('message_id=20 ');
    expect(shown).not.toContain('message_id=21 ');
    withStore((store) => {
      const conversation = { agent: 'Ada', network: 'telegram' as const, channelId: PARTNER };
      expect(store.summaries.list(conversation)).toEqual([
        expect.objectContaining({ minMessageId: 1, maxMessageId: 20, origin: 'import' }),
      ]);
      expect(store.facts.current({ agent: 'Ada', network: 'telegram', partnerId: PARTNER })).toEqual([
        expect.objectContaining({
          content: 'Pat keeps an allotment.',
          writtenBy: 'extraction',
          sourceMessageIds: [1],
        }),
      ]);
      const operations = store.taskLog
        .list({ agent: 'Ada', kinds: ['llm_usage'], limit: 10 })
        .map((entry) => (entry.details as { operation: string }).operation)
        .sort();
      expect(operations).toEqual(['extract', 'summarize']);
    });
  });

  it('keeps the import and says how to give it the keys when the state directory has none', async () => {
    const { code, stdout, stderr } = await cli([
      '--agent',
      'Ada',
      '--export',
      join(root, 'result.json'),
      '--summarize',
    ]);
    expect(code).toBe(2);
    expect(stdout).toMatch(/^Imported 40 new messages/);
    expect(stderr).toMatch(
      /^The import stands; the LLM passes stopped: --summarize and --extract call the model with the API keys/,
    );
    expect(llm.requestCount).toBe(0);
  });
});
