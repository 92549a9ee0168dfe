import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runLogin } from '../../../src/main/cli/login';
import { createLogger } from '../../../src/main/logging';
import { createKeyFileCipher, SecretStore } from '../../../src/main/secrets';
import { DATABASE_FILE_NAME, openStore } from '../../../src/main/store';
import { createTelegramClient, destroyTelegramClient } from '../../../src/main/telegram/connection';
import { SessionVault } from '../../../src/main/telegram/login';
import {
  FAKE_API_HASH,
  FAKE_API_ID,
  type FakeTelegram,
  startFakeTelegram,
  troupeServerEnv,
  waitFor,
  withTimeout,
} from '../../support/fake-telegram';
import { REPO_ROOT } from '../../support/serve-process';
import { fakeServer, STEP_MS } from './login-fixture';

const PHONE = '+44 7700 900401';
const AGENT_FILE = `# Agent Name

Ada

# Agent Phone

${PHONE}

# Agent Instructions

Be kind.
`;
const COMMAND_TIMEOUT_MS = 20_000;

describe('troupe login', () => {
  let root: string;
  let fake: FakeTelegram;
  let stateDir: string;
  let configDir: string;
  let env: NodeJS.ProcessEnv;

  beforeEach(async () => {
    fake = await startFakeTelegram();
    root = mkdtempSync(join(tmpdir(), 'troupe-login-command-'));
    stateDir = join(root, 'state');
    configDir = join(root, 'config');
    mkdirSync(join(configDir, 'agents'), { recursive: true });
    writeFileSync(join(configDir, 'agents', 'Ada.md'), AGENT_FILE);
    env = { ...troupeServerEnv(fake, root), TROUPE_LOG_LEVEL: 'warn' };
  });

  afterEach(async () => {
    await fake.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** The API id and hash the operator would set in the console, in the state directory. */
  function setApiCredentials(): void {
    mkdirSync(stateDir, { recursive: true });
    const logger = createLogger({ level: 'silent' });
    const store = openStore({ file: join(stateDir, DATABASE_FILE_NAME), logger });
    const secrets = new SecretStore({
      repository: store.secrets,
      cipher: createKeyFileCipher({ stateDir, env: {} }),
      logger,
    });
    secrets.set('telegram.apiId', String(FAKE_API_ID));
    secrets.set('telegram.apiHash', FAKE_API_HASH);
    store.close();
  }

  /** Runs the command in-process; `answer` sees the output so far and feeds the next answers. */
  async function login(args: string[], answer: (output: string, input: PassThrough) => void) {
    const input = new PassThrough();
    let stdout = '';
    let stderr = '';
    const onOutput = () => answer(stdout, input);
    const code = await withTimeout(
      runLogin(args, {
        stdout: (text) => {
          stdout += text;
          onOutput();
        },
        stderr: (text) => {
          stderr += text;
        },
        env,
        cwd: root,
        defaultDirs: [],
        input,
      }),
      COMMAND_TIMEOUT_MS,
      'troupe login',
    );
    return { code, stdout, stderr };
  }

  /** Answers each appearance of a prompt with the next of its replies. */
  function answers(replies: Record<string, (() => string)[]>) {
    const answered = new Map<string, number>();
    return (output: string, input: PassThrough) => {
      for (const [prompt, replyList] of Object.entries(replies)) {
        const asked = output.split(prompt).length - 1;
        for (let index = answered.get(prompt) ?? 0; index < asked; index += 1) {
          answered.set(prompt, index + 1);
          input.write(`${replyList[index]?.() ?? ''}\n`);
        }
      }
    };
  }

  /** The session the command saved, and what the runtime will read of Ada's login. */
  function savedLogin() {
    const logger = createLogger({ level: 'silent' });
    const store = openStore({ file: join(stateDir, DATABASE_FILE_NAME), logger });
    try {
      const vault = new SessionVault({
        repository: store.telegramSessions,
        cipher: createKeyFileCipher({ stateDir, env: {} }),
        logger,
      });
      return {
        session: vault.load('Ada', fakeServer(fake).sessionScope),
        state: store.agentState.get('Ada'),
      };
    } finally {
      store.close();
    }
  }

  it('logs in with the agent file’s phone, the code and the password, and records the id', {
    timeout: COMMAND_TIMEOUT_MS,
  }, async () => {
    setApiCredentials();
    const agent = fake.createUser({
      phone: PHONE,
      firstName: 'Ada',
      password: 'hunter2',
      passwordHint: 'classic',
    });
    const { code, stdout, stderr } = await login(
      ['Ada', '--state', stateDir, '--config-path', configDir],
      answers({
        'Phone number [': [() => ''],
        'Code sent to the Telegram app': [() => fake.lastCodeFor(PHONE)!],
        'Two-step password (hint: classic)': [() => 'wrong', () => 'hunter2'],
      }),
    );
    expect(stderr).toBe('That two-step password is wrong; enter it again.\n');
    expect(code).toBe(0);
    expect(stdout).toContain(`Logged in as Ada (id ${agent.id})`);
    expect(stdout).not.toContain('hunter2');
    expect(readFileSync(join(configDir, 'agents', 'Ada.md'), 'utf8')).toBe(
      AGENT_FILE.replace(`${PHONE}\n\n`, `${PHONE}\n\n# Telegram ID\n\n${agent.id}\n\n`),
    );
    const saved = savedLogin();
    expect(saved.session?.user.id).toBe(Number(agent.id));
    // The console's agent list counts Ada as logged in, as after a login from the console.
    expect(saved.state).toMatchObject({ loginState: 'logged-in', telegramId: Number(agent.id) });
  });

  it('prints the QR link and finishes when the phone scans it', { timeout: COMMAND_TIMEOUT_MS }, async () => {
    setApiCredentials();
    const agent = fake.createUser({ phone: PHONE, firstName: 'Ada' });
    const { code, stdout } = await login(
      ['Ada', '--qr', '--state', stateDir, '--config-path', configDir],
      (output) => {
        const token = /tg:\/\/login\?token=([\w-]+)/.exec(output)?.[1];
        if (token && !output.includes('Logged in')) {
          try {
            fake.scanQrLogin(token, agent.id);
          } catch {
            // Scanned already; the login is on its way.
          }
        }
      },
    );
    expect(code).toBe(0);
    expect(stdout).toContain('Logged in as Ada');
    expect(savedLogin().session?.user.id).toBe(Number(agent.id));
  });

  it('explains a missing API id and hash, and an unknown agent', {
    timeout: COMMAND_TIMEOUT_MS,
  }, async () => {
    const missing = await login(['Ada', '--state', stateDir, '--config-path', configDir], () => {});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Settings → Telegram (API id and API hash)');

    setApiCredentials();
    const unknown = await login(['Bob', '--state', stateDir, '--config-path', configDir], () => {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`There is no agent "Bob" in ${configDir}`);
    expect(unknown.stderr).toContain('agents: Ada');
  });

  it('runs from the built command, reading answers from stdin', { timeout: COMMAND_TIMEOUT_MS }, async () => {
    setApiCredentials();
    const agent = fake.createUser({ phone: PHONE, firstName: 'Ada' });
    const child: ChildProcess = spawn(
      process.execPath,
      [join(REPO_ROOT, 'bin/troupe.js'), 'login', 'Ada', '--state', stateDir, '--config-path', configDir],
      { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.endsWith('[+44 7700 900401]: ')) child.stdin?.write('\n');
      if (/Code sent .*: $/.test(output)) child.stdin?.write(`${fake.lastCodeFor(PHONE)}\n`);
    });
    try {
      const code = await withTimeout(exited, COMMAND_TIMEOUT_MS - 2_000, 'troupe login');
      // A stale build answers 'Unknown command "login"': run npm run build first.
      expect(code, output).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    expect(output).toContain(`Wrote Telegram ID ${agent.id}`);

    const saved = savedLogin().session;
    if (!saved) throw new Error('no session was saved');
    const client = createTelegramClient({
      server: fakeServer(fake),
      credentials: { apiId: FAKE_API_ID, apiHash: FAKE_API_HASH },
      session: saved.session,
    });
    try {
      await withTimeout(client.connect(), STEP_MS, 'connect');
      expect((await withTimeout(client.getMe(), STEP_MS, 'getMe')).id.toString()).toBe(agent.id.toString());
      await waitFor(() => fake.sessionCount(agent.id) === 1, STEP_MS, 'the saved session to be live');
    } finally {
      await destroyTelegramClient(client);
    }
  });
});
