import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCheckConfig } from './cli/check-config';
import { runDemo } from './cli/demo';
import type { CliIo } from './cli/io';
import { runMemory } from './cli/memory-recall';
import { runSecrets } from './cli/secrets';
import { runServe } from './cli/serve';
import { runSimulate } from './cli/simulate';
import { shippedConfigDirs } from './config';

const USAGE = `Usage: troupe <command> [options]

Commands:
  serve          Host the runtime headless and serve the console to a browser
  check-config   Load the config directories and report agents, prompts, media and problems
  simulate       Play a scripted Simulator conversation with an agent and print what happens
  login          Log an agent's Telegram account in (phone code, two-step password or QR code)
  memory recall  Show what an agent recalls in a chat for a question (full-text; needs no LLM)
  history import Read a Telegram Desktop JSON export into an agent's conversation archive
  secrets        List, set (from standard input) or clear the API keys and Telegram credentials
  demo           Try Troupe on a local fake Telegram with scripted people (from a source checkout)

Run "troupe <command> --help" for a command's options.`;

/** The repository (or installed package) root: out/main/cli.js lives two levels below it. */
const appRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'serve':
      return runServe(args, io);
    case 'check-config':
      return runCheckConfig(args, io);
    case 'simulate':
      return runSimulate(args, io);
    // The two Telegram commands load GramJS, so they are imported only when run.
    case 'login':
      return (await import('./cli/login')).runLogin(args, { ...io, input: process.stdin });
    case 'memory':
      return runMemory(args, io);
    case 'history':
      return (await import('./cli/history-import')).runHistory(args, io);
    case 'secrets':
      return runSecrets(args, { ...io, input: process.stdin });
    case 'demo':
      return runDemo(args, io);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.stdout(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    default:
      io.stderr(`Unknown command "${command}".\n\n${USAGE}\n`);
      return 2;
  }
}

function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    appRoot,
    defaultDirs: shippedConfigDirs(appRoot),
    stdoutIsTerminal: process.stdout.isTTY === true,
  };
}
