import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { createLogger } from '../logging';
import { createRuntime } from '../runtime/runtime';
import { resolveStateDir } from '../runtime/state-dir';
import type { RuntimeHandle } from '../runtime/types';
import { createKeyFileCipher } from '../secrets';
import {
  type ConsoleServer,
  ConsoleServerConfigError,
  startConsoleServer,
  validateConsoleServerSettings,
} from '../server';
import { configPathHelp, parseCommandArgs, reportUsageError, stateDirHelp, UsageError } from './cli-options';
import { fileReadReason } from './file-read-reason';
import type { CliIo } from './io';

const DEFAULT_SERVE_HOST = '127.0.0.1';
const DEFAULT_SERVE_PORT = 7420;
const PASSWORD_ENV = 'TROUPE_SERVER_PASSWORD';

const USAGE = `Usage: troupe serve [--host HOST] [--port PORT] [--state DIR] [--config-path DIRS] [--password-file FILE]
                   [--trusted-proxy ADDRESSES]

Hosts the runtime without a window and serves the console to a browser. Prints a login link
that signs one browser in; stop with Ctrl-C.

Options:
  --host HOST           Address to listen on (default ${DEFAULT_SERVE_HOST}). Any address other than
                        loopback needs an operator password.
  --port PORT           Port to listen on (default ${DEFAULT_SERVE_PORT}; 0 picks a free one)
${stateDirHelp(24)}
${configPathHelp(24)}
  --password-file FILE  File holding the operator password for signing in from any browser
                        (or set ${PASSWORD_ENV})
  --trusted-proxy ADDRESSES
                        Comma-separated addresses or CIDR ranges of reverse proxies in front of
                        the server (e.g. 127.0.0.1). Only their X-Forwarded-For / Forwarded
                        (the client, for the sign-in throttle) and X-Forwarded-Proto (https marks
                        the session cookie Secure) are believed
  -h, --help            Show this help`;

/** Where shutdown requests come from; `process` outside tests. */
export interface ShutdownSignals {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  off(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

export type ServeIo = Pick<CliIo, 'stdout' | 'stderr' | 'env' | 'cwd' | 'appRoot'> & {
  signals?: ShutdownSignals;
};

interface ServeArgs {
  host: string;
  port: number;
  stateFlag: string | undefined;
  configPathOverride: string[] | undefined;
  passwordFile: string | undefined;
  trustedProxies: string[];
}

function parseServeArgs(args: string[]): ServeArgs | 'help' {
  const parsed = parseCommandArgs(args, {
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'password-file': { type: 'string' },
      'trusted-proxy': { type: 'string' },
    },
    state: true,
  });
  if (parsed === 'help') return 'help';
  const portText = parsed.text('port');
  const port = portText === undefined ? DEFAULT_SERVE_PORT : Number(portText);
  if (portText !== undefined && (!/^\d+$/.test(portText) || port > 65_535)) {
    throw new UsageError(`--port needs a number from 0 to 65535, not "${portText}".`);
  }
  return {
    host: parsed.text('host') ?? DEFAULT_SERVE_HOST,
    port,
    stateFlag: parsed.stateFlag,
    configPathOverride: parsed.configPathOverride,
    passwordFile: parsed.text('password-file'),
    trustedProxies: (parsed.text('trusted-proxy') ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter((address) => address !== ''),
  };
}

/** The operator password from --password-file (which wins) or the environment; undefined when neither. */
function readPassword(
  passwordFile: string | undefined,
  env: NodeJS.ProcessEnv,
  warn: (text: string) => void,
) {
  if (passwordFile === undefined) {
    const fromEnv = env[PASSWORD_ENV];
    return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
  }
  let content: string;
  try {
    content = readFileSync(passwordFile, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read --password-file ${passwordFile}: ${fileReadReason(error)}`);
  }
  if (process.platform !== 'win32' && (statSync(passwordFile).mode & 0o077) !== 0) {
    warn(`Warning: ${passwordFile} is readable by other users; consider chmod 600.\n`);
  }
  // Editors end files with a newline that is not part of the password.
  const password = content.replace(/[\r\n]+$/, '');
  if (password === '') throw new UsageError(`--password-file ${passwordFile} is empty.`);
  return password;
}

const PackageJsonSchema = z.object({ version: z.string() });

function appVersion(appRoot: string): string {
  try {
    return PackageJsonSchema.parse(JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8'))).version;
  } catch {
    return 'unknown';
  }
}

/** Resolves on the first SIGINT or SIGTERM; `cancel` lets the signals go again after a failed start. */
function listenForShutdown(signals: ShutdownSignals): { requested: Promise<void>; cancel: () => void } {
  let cancel = () => {};
  const requested = new Promise<void>((resolve) => {
    const stop = () => {
      cancel();
      resolve();
    };
    cancel = () => {
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
    };
    signals.once('SIGINT', stop);
    signals.once('SIGTERM', stop);
  });
  return { requested, cancel };
}

/**
 * `troupe serve`: the runtime without Electron, with the console served over HTTP and the API
 * over WebSocket. Resolves with the exit code once a signal has stopped it (or start failed).
 */
export async function runServe(args: string[], io: ServeIo): Promise<number> {
  let parsed: ServeArgs;
  let password: string | undefined;
  try {
    const result = parseServeArgs(args);
    if (result === 'help') {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    parsed = result;
    password = readPassword(parsed.passwordFile, io.env, io.stderr);
    validateConsoleServerSettings({
      host: parsed.host,
      port: parsed.port,
      password,
      trustedProxies: parsed.trustedProxies,
    });
  } catch (error) {
    if (error instanceof UsageError) return reportUsageError(error, USAGE, io.stderr);
    if (error instanceof ConsoleServerConfigError) {
      io.stderr(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  // Subscribed before the slow start, so a Ctrl-C during it still shuts down cleanly.
  const shutdown = listenForShutdown(io.signals ?? process);

  // The password stays out of the runtime's environment, which reaches code that logs and spawns.
  const { [PASSWORD_ENV]: _password, ...runtimeEnv } = io.env;
  const logger = createLogger({ env: runtimeEnv, destination: { write: (line: string) => io.stderr(line) } });
  let runtime: RuntimeHandle | undefined;
  let server: ConsoleServer;
  let stateDir: string;
  try {
    stateDir = resolveStateDir({ flag: parsed.stateFlag, env: runtimeEnv, cwd: io.cwd });
    runtime = await createRuntime({
      mode: 'server',
      stateDir,
      appRoot: io.appRoot,
      env: runtimeEnv,
      cwd: io.cwd,
      ...(parsed.configPathOverride ? { configPathOverride: parsed.configPathOverride } : {}),
      cipher: createKeyFileCipher({ stateDir, env: runtimeEnv, logger }),
      logger,
      version: appVersion(io.appRoot),
    });
    server = await startConsoleServer({
      host: parsed.host,
      port: parsed.port,
      dispatch: runtime.dispatch,
      events: runtime.events,
      mediaFile: runtime.mediaFile,
      ...(runtime.exportConversation ? { exportConversation: runtime.exportConversation } : {}),
      staticDir: join(io.appRoot, 'out', 'renderer'),
      ...(password ? { password } : {}),
      trustedProxies: parsed.trustedProxies,
      logger,
    });
  } catch (error) {
    shutdown.cancel();
    io.stderr(`troupe serve could not start: ${(error as Error).message}\n`);
    await runtime?.close();
    return 1;
  }

  io.stdout(
    `Troupe console: ${server.loginUrl}\n` +
      `State (database, key, sign-ins): ${stateDir}\n` +
      'This link signs in one browser and then stops working. ' +
      (password
        ? `Other browsers sign in at ${server.url} with the operator password.\n`
        : 'Restart troupe serve for a new link.\n'),
  );
  await shutdown.requested;
  logger.child({ module: 'serve' }).info('shutting down');
  await server.close();
  await runtime.close();
  return 0;
}
