import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/main/cli';
import { embedderFromSettings } from '../../../src/main/llm';
import { createLogger } from '../../../src/main/logging';
import { embedArchiveBatch } from '../../../src/main/memory/recall/embed-archive';
import { DATABASE_FILE_NAME, openStore } from '../../../src/main/store';
import { agentFile } from '../../support/engine-harness';
import { startFakeEmbeddingsServer } from '../../support/fake-embeddings-server';
import { tempDirsPerTest } from '../../support/helpers';

const CHAT = { agent: 'Ada', network: 'telegram' as const, channelId: 4242 };
const MESSAGES = [
  ['2025-03-03T09:00:00.000Z', 'We took the ferry to the island and had fish & chips'],
  ['2025-03-10T09:00:00.000Z', 'My brother Tobias starts his new job at the observatory'],
  ['2025-03-11T09:00:00.000Z', 'the weather is grey again'],
  ['2025-04-01T09:00:00.000Z', 'Tobias says the telescopes are ancient'],
] as const;

describe('troupe memory recall', () => {
  const tempDir = tempDirsPerTest();
  let root: string;

  beforeEach(() => {
    root = tempDir();
    mkdirSync(join(root, 'config', 'agents'), { recursive: true });
    writeFileSync(
      join(root, 'config', 'agents', 'Ada.md'),
      agentFile('Ada', '\n# Agent Timezone\n\nEurope/Berlin\n'),
    );
    mkdirSync(join(root, 'state'));
    const store = openStore({
      file: join(root, 'state', DATABASE_FILE_NAME),
      logger: createLogger({ level: 'silent' }),
    });
    store.archive.put(
      CHAT,
      MESSAGES.map(([sentAt, text], index) => ({
        messageId: 100 + index,
        senderId: 7,
        senderName: 'Pat',
        isAgent: false,
        replyTo: null,
        sentAt,
        editedAt: null,
        text,
        partsJson: '[]',
      })),
      new Date(),
    );
    store.close();
  });

  async function cli(...args: string[]) {
    return cliWith({}, ...args);
  }

  async function cliWith(env: NodeJS.ProcessEnv, ...args: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runCli(
      ['memory', 'recall', '--state', join(root, 'state'), '--config-path', join(root, 'config'), ...args],
      {
        stdout: (text) => {
          stdout += text;
        },
        stderr: (text) => {
          stderr += text;
        },
        env,
        cwd: root,
        appRoot: root,
        defaultDirs: [],
      },
    );
    return { code, stdout, stderr };
  }

  it('prints the items best first as JSON, with kinds, dates and message ids', async () => {
    const { code, stdout, stderr } = await cli(
      '--agent',
      'Ada',
      '--chat',
      '4242',
      '--query',
      'Tobias job?',
      '--json',
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { items: Record<string, unknown>[] };
    expect(result.items.map((item) => item.messageIds)).toEqual([[101], [103]]);
    expect(result.items[0]).toEqual({
      kind: 'message',
      text: 'My brother Tobias starts his new job at the observatory',
      score: expect.any(Number),
      date: '2025-03-10T09:00:00.000Z',
      messageIds: [101],
    });
  });

  it('answers one JSON line per query of a file, dates read as of --now', async () => {
    const file = join(root, 'queries.txt');
    writeFileSync(file, 'what did we do on March 3?\n\nthe telescopes\nsomething unheard of\n');
    const { code, stdout } = await cli(
      '--agent',
      'Ada',
      '--chat',
      '4242',
      '--queries',
      file,
      '--now',
      '2025-04-02T12:00:00Z',
      '--json',
    );
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { items: { messageIds: number[] }[] });
    expect(lines.map((line) => line.items.map((item) => item.messageIds[0]))).toEqual([[100], [103], []]);
  });

  it('prints a readable table without --json, and says where the messages are for a chat with none', async () => {
    const table = await cli('--agent', 'Ada', '--chat', '4242', '--query', 'ferry island');
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Query: ferry island');
    expect(table.stdout).toMatch(/1\s+\d\.\d{4}\s+message\s+2025-03-03 09:00Z\s+Pat\s+We took the ferry/);
    const empty = await cli('--agent', 'Ada', '--chat', '4242', '--network', 'simulator', '--query', 'ferry');
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('(nothing recalled)');
    expect(empty.stderr).toContain(
      'Ada has no archived messages in simulator chat 4242, so only summaries and facts can be recalled there. Chats with archived messages: --network telegram --chat 4242 (4 messages).',
    );
    expect(table.stderr).toBe('');
  });

  it('says what to fix on bad input, with exit code 2', async () => {
    const cases: [string[], RegExp][] = [
      [['--chat', '4242', '--query', 'x'], /--agent NAME is required/],
      [['--agent', 'Ada', '--query', 'x'], /--chat ID is required/],
      [['--agent', 'Ada', '--chat', 'abc', '--query', 'x'], /--chat needs the chat's id/],
      [['--agent', 'Ada', '--chat', '1'], /--query TEXT or --queries FILE/],
      [
        ['--agent', 'Ada', '--chat', '1', '--query', 'x', '--limit', '0'],
        /--limit needs a positive whole number/,
      ],
      [
        ['--agent', 'Ada', '--chat', '1', '--query', 'x', '--network', 'irc'],
        /--network is telegram or simulator/,
      ],
      [
        ['--agent', 'Ada', '--chat', '1', '--queries', join(root, 'missing.txt')],
        /Cannot read --queries .*: there is no such file\./,
      ],
      [
        ['--agent', 'Nobody', '--chat', '1', '--query', 'x'],
        /There is no agent "Nobody" in .*\(agents: Ada\)/,
      ],
      [['--agent', 'Ada', '--chat', '1', '--query', 'x', '--now', 'soon'], /--now needs an ISO date-time/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await cli(...args);
      expect({ args, code }).toEqual({ args, code: 2 });
      expect(stderr).toMatch(message);
    }
    const noDatabase = await runCli(
      [
        'memory',
        'recall',
        '--state',
        join(root, 'elsewhere'),
        '--agent',
        'Ada',
        '--chat',
        '1',
        '--query',
        'x',
      ],
      { stdout: () => {}, stderr: () => {}, env: {}, cwd: root, appRoot: root, defaultDirs: [] },
    );
    expect(noDatabase).toBe(2);
  });

  it('finds what was said in other words with the embedding model of the settings', async () => {
    const server = await startFakeEmbeddingsServer();
    try {
      const store = openStore({
        file: join(root, 'state', DATABASE_FILE_NAME),
        logger: createLogger({ level: 'silent' }),
      });
      const climbing = "I've been bouldering three times a week";
      store.archive.put(
        CHAT,
        [
          {
            ...{
              senderId: 7,
              senderName: 'Pat',
              isAgent: false,
              replyTo: null,
              editedAt: null,
              partsJson: '[]',
            },
            messageId: 200,
            sentAt: '2025-04-02T09:00:00.000Z',
            text: climbing,
          },
        ],
        new Date(),
      );
      store.settings.update({ embeddings: { provider: 'ollama', model: 'nomic-embed-text' } });
      const embedder = () =>
        embedderFromSettings({
          secrets: { reveal: () => null },
          settings: () => store.settings.get(),
          env: { OLLAMA_BASE_URL: server.openAiBaseUrl },
        });
      while ((await embedArchiveBatch(store, embedder(), () => new Date())) > 0);
      store.close();

      const question = [
        '--agent',
        'Ada',
        '--chat',
        '4242',
        '--query',
        'how often does Pat go climbing?',
        '--json',
      ];
      const withModel = await cliWith({ OLLAMA_BASE_URL: server.openAiBaseUrl }, ...question);
      expect(withModel.stderr).toBe('');
      expect(
        (JSON.parse(withModel.stdout) as { items: { messageIds: number[] }[] }).items[0]!.messageIds,
      ).toEqual([200]);
      await server.close();
      const modelGone = await cliWith({ OLLAMA_BASE_URL: server.openAiBaseUrl }, ...question);
      expect(JSON.parse(modelGone.stdout)).toEqual({ items: [] });
      expect(modelGone.stderr).toMatch(/recalling by words only/);
    } finally {
      await server.close();
    }
  });

  it('lists its subcommands, and says which one it does not know', async () => {
    const output: string[] = [];
    const io = {
      stdout: (text: string) => output.push(text),
      stderr: (text: string) => output.push(text),
      env: {},
      cwd: root,
      appRoot: root,
      defaultDirs: [],
    };
    expect(await runCli(['memory'], io)).toBe(2);
    expect(await runCli(['memory', '--help'], io)).toBe(0);
    expect(await runCli(['memory', 'forget'], io)).toBe(2);
    expect(output.join('')).toMatch(
      /recall +Show what an agent recalls[\s\S]*Unknown memory subcommand "forget"/,
    );
  });
});
