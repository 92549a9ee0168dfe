import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentConfig } from '../../shared/domain/config';
import type { LoginStep, TelegramUser } from '../../shared/domain/telegram';
import { createLogger } from '../logging';
import { resolveStateDir } from '../runtime/state-dir';
import { openStateSecrets, SecretDecryptError, SecretKeyMismatchError } from '../secrets';
import { DATABASE_FILE_NAME, openStore, type Store } from '../store';
import { resolveTelegramServer, type TelegramServer } from '../telegram/connection';
import {
  API_CREDENTIALS_SETTING,
  LoginError,
  SessionVault,
  TelegramIdWriteError,
  TelegramLoginService,
  telegramCredentialsFrom,
  writeTelegramIdToAgentFile,
} from '../telegram/login';
import { configPathHelp, parseCommandArgs, reportUsageError, stateDirHelp, UsageError } from './cli-options';
import { findConfiguredAgent, UnknownAgentError } from './configured-agent';
import type { CliIo } from './io';
import { CancelledError, Prompter, type PrompterInput } from './prompter';

const USAGE = `Usage: troupe login AGENT [--qr] [--state DIR] [--config-path DIRS]

Logs an agent's Telegram account in from the terminal: asks for the phone number (the agent
file's by default), the code Telegram sends and, when the account has one, its two-step password.
With --qr it shows a tg://login link to turn into a QR code and scan with Telegram on the phone.
The session is saved encrypted in the state directory, and the account's id is written into the
agent file's "# Telegram ID" section.

The Telegram API id and hash come from ${API_CREDENTIALS_SETTING}. The server is the
one in Settings, or TROUPE_TELEGRAM_DC (test, or host:port with TROUPE_TELEGRAM_RSA_KEY and
TROUPE_TELEGRAM_DC_ID).

Options:
  --qr                  Log in by QR code instead of phone number and code
${stateDirHelp(24)}
${configPathHelp(24)}
  -h, --help            Show this help`;

export type LoginIo = Pick<CliIo, 'stdout' | 'stderr' | 'env' | 'cwd' | 'defaultDirs'> & {
  /** Where the operator's answers come from; a terminal hides the password as it is typed. */
  input: PrompterInput;
};

interface LoginArgs {
  agent: string;
  qr: boolean;
  stateFlag: string | undefined;
  configPathOverride: string[] | undefined;
}

/** A problem the operator must fix before logging in; the message says how. */
class SetupError extends Error {}

function parseLoginArgs(args: string[]): LoginArgs | 'help' {
  const parsed = parseCommandArgs(args, {
    options: { qr: { type: 'boolean' } },
    state: true,
    positionals: true,
  });
  if (parsed === 'help') return 'help';
  if (parsed.positionals.length !== 1) throw new UsageError('Name exactly one agent, e.g. troupe login Ada.');
  return {
    agent: parsed.positionals[0]!,
    qr: parsed.flag('qr'),
    stateFlag: parsed.stateFlag,
    configPathOverride: parsed.configPathOverride,
  };
}

/** Steps the QR login announces by itself, taken one at a time. */
class StepQueue {
  readonly #waiting: LoginStep[] = [];
  #wake: (() => void) | null = null;

  push = (step: LoginStep): void => {
    this.#waiting.push(step);
    this.#wake?.();
  };

  async next(): Promise<LoginStep> {
    while (this.#waiting.length === 0) await new Promise<void>((resolve) => (this.#wake = resolve));
    this.#wake = null;
    return this.#waiting.shift()!;
  }
}

const SENT_TO: Record<Extract<LoginStep, { step: 'code' }>['sentTo'], string> = {
  app: 'to the Telegram app on another device',
  sms: 'by SMS',
  call: 'by phone call',
  other: 'by Telegram',
};

/**
 * `troupe login AGENT`: the console's login wizard in a terminal, for servers without a browser
 * at hand. Exits 0 once the session is saved, 1 when the login failed or was cancelled.
 */
export async function runLogin(args: string[], io: LoginIo): Promise<number> {
  let parsed: LoginArgs;
  try {
    const result = parseLoginArgs(args);
    if (result === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    parsed = result;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return reportUsageError(error, USAGE, io.stderr);
  }

  // Log lines would interleave with the questions; only problems are shown unless asked for.
  const logger = createLogger({
    level: io.env.TROUPE_LOG_LEVEL ?? 'warn',
    destination: { write: (line: string) => io.stderr(line) },
  });
  const stateDir = resolveStateDir({ flag: parsed.stateFlag, env: io.env, cwd: io.cwd });
  const store = openStore({ file: join(stateDir, DATABASE_FILE_NAME), logger });
  const steps = new StepQueue();
  const prompter = new Prompter(
    io.input,
    io.stdout,
    () => steps.push({ step: 'failed', message: 'Login cancelled.' }),
    'Login cancelled.',
  );
  let service: TelegramLoginService | undefined;
  try {
    const { cipher, secrets } = openStateSecrets({ store, stateDir, env: io.env, logger });
    const agent = await findConfiguredAgent(parsed.agent, parsed.configPathOverride, store, io);
    const credentials = telegramCredentialsFrom(secrets);
    if (!credentials) {
      throw new SetupError(
        `Telegram logins need the API id and hash from my.telegram.org. Set them in ${API_CREDENTIALS_SETTING} (troupe serve opens the console), using the same state directory (${stateDir}).`,
      );
    }
    const server = telegramServer(store, io.env);
    service = new TelegramLoginService({
      vault: new SessionVault({ repository: store.telegramSessions, cipher, logger }),
      server: () => server,
      credentials: () => credentials,
      logger,
      onStep: (_configName, step) => steps.push(step),
    });
    io.stdout(`Logging ${agent.configName} in to ${server.view.label}.\n`);
    const user = parsed.qr
      ? await qrLogin(agent, service, steps, prompter, io)
      : await phoneLogin(agent, service, prompter, io);
    io.stdout(`Logged in as ${describeUser(user)}. The session is saved in ${stateDir}.\n`);
    store.agentState.update(agent.configName, { telegramId: user.id, loginState: 'logged-in' });
    await recordTelegramId(agent, user, io);
    return 0;
  } catch (error) {
    // An agent name that is not there is bad input, as a wrong option is.
    if (error instanceof UnknownAgentError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    const explained = [SetupError, LoginError, CancelledError, SecretDecryptError, SecretKeyMismatchError];
    if (explained.some((type) => error instanceof type)) {
      io.stderr(`${(error as Error).message}\n`);
      return 1;
    }
    throw error;
  } finally {
    prompter.close();
    await service?.close();
    store.close();
  }
}

function telegramServer(store: Store, env: NodeJS.ProcessEnv): TelegramServer {
  try {
    return resolveTelegramServer(store.settings.get().telegramServer, env, (path) =>
      readFileSync(path, 'utf8'),
    );
  } catch (error) {
    throw new SetupError((error as Error).message);
  }
}

async function phoneLogin(
  agent: AgentConfig,
  service: TelegramLoginService,
  prompter: Prompter,
  io: LoginIo,
): Promise<TelegramUser> {
  const askPhone = async () => (await prompter.ask(`Phone number [${agent.phone}]: `)) || agent.phone;
  let phone = await askPhone();
  let step: LoginStep | null = null;
  while (step?.step !== 'done') {
    try {
      if (step === null) {
        step = await service.start(agent.configName, phone);
      } else if (step.step === 'code') {
        const code = await prompter.ask(`Code sent ${SENT_TO[step.sentTo]} (Enter alone sends a new one): `);
        step = code === '' ? null : await service.code(agent.configName, code);
      } else if (step.step === 'password') {
        const hint = step.hint ? ` (hint: ${step.hint})` : '';
        step = await service.password(
          agent.configName,
          await prompter.ask(`Two-step password${hint}: `, { hidden: true }),
        );
      } else {
        throw new LoginError('unavailable', `The login ended unexpectedly (${step.step}); start it again.`);
      }
    } catch (error) {
      if (!(error instanceof LoginError) || error.kind !== 'invalid_input') throw error;
      io.stderr(`${error.message}\n`);
      if (step === null) phone = await askPhone();
    }
  }
  return step.user;
}

async function qrLogin(
  agent: AgentConfig,
  service: TelegramLoginService,
  steps: StepQueue,
  prompter: Prompter,
  io: LoginIo,
): Promise<TelegramUser> {
  let step = await service.qr(agent.configName);
  while (step.step !== 'done') {
    if (step.step === 'qr') {
      io.stdout(
        `Open Telegram on the phone: Settings → Devices → Link Desktop Device, and scan a QR code of this link (e.g. qrencode -t ANSIUTF8 '<link>'):\n${step.url}\n(valid until ${step.expiresAt}; a new link follows before then)\n`,
      );
      step = await steps.next();
    } else if (step.step === 'password') {
      const hint = step.hint ? ` (hint: ${step.hint})` : '';
      const password = await prompter.ask(`Two-step password${hint}: `, { hidden: true });
      step = await service.password(agent.configName, password).catch((error: unknown) => {
        if (!(error instanceof LoginError) || error.kind !== 'invalid_input') throw error;
        io.stderr(`${error.message}\n`);
        return step;
      });
    } else if (step.step === 'failed') {
      throw new LoginError('unavailable', step.message);
    } else {
      throw new LoginError('unavailable', `The QR login ended unexpectedly (${step.step}); start it again.`);
    }
  }
  return step.user;
}

async function recordTelegramId(agent: AgentConfig, user: TelegramUser, io: LoginIo): Promise<void> {
  try {
    if ((await writeTelegramIdToAgentFile(agent.file, user.id)) === 'written') {
      io.stdout(`Wrote Telegram ID ${user.id} into ${agent.file}.\n`);
    }
  } catch (error) {
    if (!(error instanceof TelegramIdWriteError)) throw error;
    io.stderr(`${error.message}\n`);
  }
}

function describeUser(user: TelegramUser): string {
  const username = user.username ? `@${user.username}, ` : '';
  return `${user.name} (${username}id ${user.id})`;
}
