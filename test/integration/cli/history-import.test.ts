import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/main/logging';
import { DATABASE_FILE_NAME, openStore } from '../../../src/main/store';
import { runCliCapturing } from '../../support/cli-run';
import { agentFile } from '../../support/engine-harness';
import { tempDirsPerTest } from '../../support/helpers';

const FIXTURES = join(import.meta.dirname, '../../fixtures/telegram-export');

describe('troupe history import', () => {
  const tempDir = tempDirsPerTest();
  let root: string;

  beforeEach(() => {
    root = tempDir();
    mkdirSync(join(root, 'config', 'agents'), { recursive: true });
    writeFileSync(join(root, 'config', 'agents', 'Ada.md'), agentFile('Ada'));
    writeFileSync(join(root, 'config', 'agents', 'Bea.md'), agentFile('Bea', '\n# Telegram ID\n\n7000001\n'));
  });

  async function cli(args: string[], options: { terminal?: boolean } = {}) {
    return runCliCapturing(
      ['history', 'import', '--state', join(root, 'state'), '--config-path', join(root, 'config'), ...args],
      {
        env: { TROUPE_LOG_LEVEL: 'silent' },
        cwd: root,
        appRoot: root,
        defaultDirs: [],
        stdoutIsTerminal: options.terminal ?? false,
      },
    );
  }

  function archived(agent: string, channelId: number, network: 'telegram' | 'simulator' = 'telegram') {
    const store = openStore({
      file: join(root, 'state', DATABASE_FILE_NAME),
      logger: createLogger({ level: 'silent' }),
    });
    try {
      return store.archive.page({ agent, network, channelId }, { limit: 100 });
    } finally {
      store.close();
    }
  }

  it('imports a chat export into the archive, and adds nothing the second time', async () => {
    const exportFile = join(FIXTURES, 'personal-chat', 'result.json');
    const first = await cli(['--agent', 'Ada', '--export', exportFile]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Imported 8 new messages into Ada's telegram archive from 1 chat in [\d.]+ s, [\d,]+ messages\/s\.\n/,
    );
    expect(first.stdout).toContain(
      '  "Pat Doe" (personal_chat 5550001, archived as chat 5550001): 8 new of 8 messages, 2 service messages skipped\n',
    );
    expect(first.stdout).not.toContain('\r');
    expect(archived('Ada', 5_550_001).map((message) => message.messageId)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);

    const second = await cli(['--agent', 'Ada', '--export', exportFile]);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(
      /^Nothing new: Ada's telegram archive already had all 8 messages of the export \(1 chat\)\./,
    );
    expect(archived('Ada', 5_550_001)).toHaveLength(8);
  });

  it('takes the folder of a whole-account export and imports every chat in it', async () => {
    const { code, stdout } = await cli(['--agent', 'Ada', '--export', join(FIXTURES, 'full-account')]);
    expect(code).toBe(0);
    expect(stdout).toContain('from 4 chats');
    expect(stdout).toContain('  left out "Saved Messages" (7000001): Saved Messages are');
    expect(
      archived('Ada', -1_001_800_000_001)
        .filter((message) => message.isAgent)
        .map((message) => message.text),
    ).toEqual(['Mary Shelley, lovely']);
  });

  it('imports into the simulator archive and only the chat asked for', async () => {
    const { code } = await cli([
      '--agent',
      'Ada',
      '--network',
      'simulator',
      '--chat',
      '4000001',
      '--export',
      join(FIXTURES, 'full-account', 'result.json'),
    ]);
    expect(code).toBe(0);
    expect(archived('Ada', -4_000_001, 'simulator')).toHaveLength(2);
    expect(archived('Ada', 5_550_001, 'simulator')).toHaveLength(0);
    expect(archived('Ada', -4_000_001, 'telegram')).toHaveLength(0);
  });

  it("uses the agent file's Telegram ID for a group export, and says how to give one", async () => {
    const exportFile = join(FIXTURES, 'group-chat', 'result.json');
    const without = await cli(['--agent', 'Ada', '--export', exportFile]);
    expect(without.code).toBe(2);
    expect(without.stderr).toContain(
      '"Book club" is a group, and which of its senders is Ada needs the agent\'s Telegram id',
    );
    expect(without.stderr).toContain('Nothing was imported.');

    const withId = await cli(['--agent', 'Bea', '--export', exportFile]);
    expect(withId.code).toBe(0);
    expect(archived('Bea', -1_001_800_000_001).map((message) => message.isAgent)).toEqual([false, true]);
  });

  it('writes nothing from a malformed export and names the field and the message (exit 2)', async () => {
    const { code, stdout, stderr } = await cli([
      '--agent',
      'Ada',
      '--export',
      join(FIXTURES, 'malformed', 'result.json'),
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'messages[2].date: expected a date like "2024-01-31T18:04:05"\nNothing was imported.\n',
    );
    expect(archived('Ada', 5_550_001)).toHaveLength(0);
  });

  it('says what to fix about the command line, the file and the agent (exit 2)', async () => {
    const missing = await cli(['--agent', 'Ada']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^--export FILE is required\.\n\nUsage: troupe history import/);

    const network = await cli(['--agent', 'Ada', '--export', 'x.json', '--network', 'signal']);
    expect(network.code).toBe(2);
    expect(network.stderr).toContain('--network is telegram or simulator, not "signal".');

    const absent = await cli(['--agent', 'Ada', '--export', 'nowhere/result.json']);
    expect(absent.code).toBe(2);
    expect(absent.stderr).toMatch(/^Cannot read --export nowhere\/result\.json: there is no such file\.\n/);

    const unknown = await cli(['--agent', 'Zed', '--export', join(FIXTURES, 'personal-chat')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no agent "Zed" in');
    expect(unknown.stderr).toContain('(agents: Ada, Bea)');

    const help = await runCliCapturing(['history'], { env: {}, cwd: root, appRoot: root, defaultDirs: [] });
    expect(help.code).toBe(2);
  });

  it('draws a progress bar on a terminal, and clears it before the summary', async () => {
    const exportDir = join(root, 'export');
    mkdirSync(exportDir);
    const messages = Array.from({ length: 1_100 }, (_, index) => ({
      id: index + 1,
      type: 'message',
      date_unixtime: String(1_700_000_000 + index),
      from_id: index % 2 ? 'user5550001' : 'user7000001',
      text: `message ${index}`,
    }));
    writeFileSync(
      join(exportDir, 'result.json'),
      JSON.stringify({ name: 'Pat Doe', type: 'personal_chat', id: 5_550_001, messages }),
    );
    const { code, stdout } = await cli(['--agent', 'Ada', '--export', exportDir], { terminal: true });
    expect(code).toBe(0);
    expect(stdout.startsWith('\rImporting █')).toBe(true);
    expect(stdout).toMatch(/% {2}512 messages/);
    expect(stdout).toContain('\r\x1b[KImported 1,100 new messages');
  });
});
