import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { runSecrets } from '../../../src/main/cli/secrets';
import { createLogger } from '../../../src/main/logging';
import { createKeyFileCipher, SecretStore } from '../../../src/main/secrets';
import { DATABASE_FILE_NAME, openStore } from '../../../src/main/store';
import { tempDirsPerTest } from '../../support/helpers';

const KEY = 'AIza-secret-from-stdin-0042';

describe('troupe secrets', () => {
  const tempDir = tempDirsPerTest();
  let stateDir: string;

  beforeEach(() => {
    stateDir = join(tempDir(), 'state');
  });

  async function secrets(
    args: string[],
    input: NodeJS.ReadableStream & { isTTY?: boolean } = Readable.from([]),
    env: NodeJS.ProcessEnv = {},
  ) {
    let stdout = '';
    let stderr = '';
    const code = await runSecrets([...args, '--state', stateDir], {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      env: { TROUPE_LOG_LEVEL: 'silent', ...env },
      cwd: stateDir,
      input,
    });
    return { code, stdout, stderr };
  }

  /** What the runtime reads from the same state directory. */
  function revealed(name: 'gemini.apiKey' | 'telegram.apiHash') {
    const logger = createLogger({ level: 'silent' });
    const store = openStore({ file: join(stateDir, DATABASE_FILE_NAME), logger });
    try {
      const cipher = createKeyFileCipher({ stateDir, env: {}, logger });
      return new SecretStore({ repository: store.secrets, cipher, logger }).reveal(name);
    } finally {
      store.close();
    }
  }

  it('saves a value piped in, encrypted, where the runtime finds it, and lists and clears it', async () => {
    const set = await secrets(['set', 'gemini.apiKey'], Readable.from([`${KEY}\n`]));
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain(`Saved Gemini API key in ${stateDir}, encrypted.`);
    expect(revealed('gemini.apiKey')).toBe(KEY);
    expect(readFileSync(join(stateDir, DATABASE_FILE_NAME)).includes(KEY)).toBe(false);

    const list = await secrets(['list']);
    expect(list.stdout).toMatch(/^gemini\.apiKey\s+saved \d{4}-\d\d-\d\d$/m);
    expect(list.stdout).toMatch(/^openai\.apiKey\s+not saved$/m);

    const cleared = await secrets(['clear', 'GEMINI_API_KEY']);
    expect(cleared.stdout).toBe('Cleared Gemini API key.\n');
    expect(revealed('gemini.apiKey')).toBeNull();
  });

  it('asks on a terminal without echoing what is typed', async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true });
    const running = secrets(['set', 'telegram.apiHash'], terminal);
    terminal.write('0123456789abcdef\n');
    const outcome = await running;
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toContain('Telegram API hash (not shown as you type): ');
    expect(outcome.stderr + outcome.stdout).not.toContain('0123456789abcdef');
    expect(revealed('telegram.apiHash')).toBe('0123456789abcdef');
  });

  it('refuses a value on the command line, an unknown name and empty input, saving nothing', async () => {
    const onArgv = await secrets(['set', 'gemini.apiKey', KEY]);
    expect(onArgv.code).toBe(2);
    expect(onArgv.stderr).toContain('Give the value on standard input, not on the command line');
    expect(onArgv.stderr).not.toContain(KEY);

    const unknown = await secrets(['set', 'gemini']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no secret "gemini". Secrets: gemini.apiKey, openai.apiKey');

    const empty = await secrets(['set', 'gemini.apiKey'], Readable.from(['  \n']));
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('Nothing was read, so nothing was saved.');
    expect(revealed('gemini.apiKey')).toBeNull();

    const notANumber = await secrets(['set', 'telegram.apiId'], Readable.from(['my-app\n']));
    expect(notANumber.code).toBe(1);
    expect(notANumber.stderr).toContain('Telegram API id not saved. The API id is a number');
  });

  it('says when an environment variable is used in place of the saved value', async () => {
    const env = { GEMINI_API_KEY: 'from-the-environment' };
    const set = await secrets(['set', 'gemini.apiKey'], Readable.from([KEY]), env);
    expect(set.stdout).toContain('GEMINI_API_KEY is set here and is used instead while it is.');
    const list = await secrets(['list'], undefined, env);
    expect(list.stdout).toMatch(
      /^gemini\.apiKey\s+saved [\d-]+; GEMINI_API_KEY is set and is used instead$/m,
    );
  });
});
