import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fakeTelegramControl } from '../../test/support/fake-telegram/control-client';
import { startStandaloneFakeTelegram } from '../../test/support/fake-telegram/standalone';
import { REPO_ROOT } from '../../test/support/serve-process';
import { spawnWatched } from '../../test/support/watched-process';
import { echoConversations } from './conversation-echo';
import { Lifetime } from './lifetime';
import { openInBrowser } from './open-browser';
import { DEMO_AGENT, DEMO_GROUP, DEMO_GROUP_MEMBERS, DEMO_PERSONAS } from './personas';
import { startScriptedLlm } from './scripted-llm';
import { playGroup, playPeople } from './scripted-people';
import { signIn } from './sign-in';
import { createDemoWorkspace, type DemoModel } from './workspace';

const USAGE = `Usage: npm run demo [-- --no-open] [-- --port N]   (or: troupe demo [--no-open] [--port N])

Runs Troupe against a local fake Telegram: the sample agent Juniper is logged in to it, three
scripted people write to her, and the console opens in the browser. Her model is a scripted
responder unless GEMINI_API_KEY or OPENAI_API_KEY is set, then it is that provider's. Everything
lives in a temporary folder that is removed when the demo stops (Ctrl-C).

Options:
  --no-open   Print the console's link instead of opening a browser
  --port N    The console's port (default: any free one)
  -h, --help  Show this help`;

const report = (line: string) => console.log(line);
const SERVE_START_MS = 60_000;
const CODE_POLL_MS = 1_000;

const { values } = parseArgs({
  options: {
    'no-open': { type: 'boolean', default: false },
    port: { type: 'string', default: '0' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port takes a port number, e.g. 7420 (got "${values.port}").\n\n${USAGE}`);
  process.exit(2);
}
if (!existsSync(join(REPO_ROOT, 'out/main/cli.js')) || !existsSync(join(REPO_ROOT, 'out/renderer'))) {
  console.error('Troupe is not built yet: run `npm run build` first (`npm run demo` does).');
  process.exit(1);
}

const lifetime = new Lifetime(report);
const model: DemoModel = process.env.GEMINI_API_KEY
  ? 'gemini'
  : process.env.OPENAI_API_KEY
    ? 'openai'
    : 'scripted';

async function start(): Promise<void> {
  const workspace = createDemoWorkspace(model);
  await lifetime.add('the temporary folder', () => workspace.remove());
  const log = createWriteStream(workspace.logFile, { flags: 'a' });
  await lifetime.add('the log', () => new Promise<void>((resolve) => log.end(resolve)));

  const telegram = await startStandaloneFakeTelegram({
    log: (line) => log.write(`[fake-telegram] ${line}\n`),
  });
  await lifetime.add('the fake Telegram', () => telegram.close());
  const control = fakeTelegramControl(telegram.controlUrl);
  const agent = await control.createPerson(DEMO_AGENT);
  const people = [];
  for (const persona of DEMO_PERSONAS) {
    const { firstName, lastName, username, phone } = persona;
    people.push({ persona, person: await control.createPerson({ firstName, lastName, username, phone }) });
  }
  const members = new Map(
    people
      .filter(({ persona }) => DEMO_GROUP_MEMBERS.includes(persona.firstName))
      .map(({ persona, person }) => [persona.firstName, person]),
  );
  const group = await control.createGroup(DEMO_GROUP.title, [
    agent.id,
    ...[...members.values()].map(({ id }) => id),
  ]);

  const env: NodeJS.ProcessEnv = { ...process.env, ...telegram.env, TROUPE_LOG_LEVEL: 'warn' };
  if (model === 'scripted') {
    const llm = await startScriptedLlm();
    await lifetime.add('the scripted model', () => llm.close());
    Object.assign(env, { GEMINI_API_KEY: 'demo-scripted-model', GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl });
  }

  report(`Logging ${DEMO_AGENT.configName} in to the fake Telegram (${telegram.env.TROUPE_TELEGRAM_DC})…`);
  const { stateDir, configPath } = workspace;
  await signIn({
    agent: DEMO_AGENT.configName,
    phone: DEMO_AGENT.phone,
    stateDir,
    configPath,
    env,
    control,
    lifetime,
  });

  const serve = spawnWatched(
    process.execPath,
    [
      join(REPO_ROOT, 'bin/troupe.js'),
      'serve',
      '--port',
      String(port),
      '--state',
      stateDir,
      '--config-path',
      configPath,
    ],
    { env, detached: true, echo: (text) => log.write(text) },
  );
  await lifetime.add('troupe serve', async () => void (await serve.stop('SIGTERM', 15_000)));
  const [loginUrl] = await serve.waitForOutput(/http:\/\/\S+\?token=\S+/, SERVE_START_MS, 'the console link');
  void serve.exited.then((code) => {
    if (lifetime.closing) return;
    report(`troupe serve stopped by itself (${code}); see ${workspace.logFile}. Stopping the demo.`);
    process.kill(process.pid, 'SIGTERM');
  });

  const opened = !values['no-open'] && openInBrowser(loginUrl);
  report(
    [
      '',
      `Troupe demo is running (the agent's model: ${MODEL_LABELS[model]}).`,
      `Console: ${loginUrl}`,
      opened
        ? '  (opened in your browser; the link signs in one browser, once)'
        : '  (open it in a browser; it signs in one browser, once)',
      `Fake Telegram: ${telegram.env.TROUPE_TELEGRAM_DC}; its control interface: ${telegram.controlUrl}`,
      `  write as Ada yourself: curl -d '{"from":"@ada_reads","to":"@${DEMO_AGENT.username}","text":"Hello!"}' ${telegram.controlUrl}/messages`,
      `Log: ${workspace.logFile}`,
      'Ctrl-C stops the demo and removes its temporary folder.',
      '',
    ].join('\n'),
  );

  const playing = new AbortController();
  await lifetime.add('the scripted people', () => playing.abort());
  void playPeople(control, agent, people, playing.signal, report);
  void playGroup(control, agent, DEMO_GROUP, group, members, playing.signal, report).catch(
    (error: unknown) => {
      if (!playing.signal.aborted) report(`${DEMO_GROUP.title} stopped: ${(error as Error).message}`);
    },
  );
  void echoConversations(
    control,
    agent,
    people.map(({ person }) => person),
    group,
    playing.signal,
    report,
  ).catch((error: unknown) => {
    if (!playing.signal.aborted)
      report(`The conversations stopped showing here: ${(error as Error).message}`);
  });
  watchLoginCodes(control, playing.signal);
}

const MODEL_LABELS: Record<DemoModel, string> = {
  scripted: 'a scripted responder',
  gemini: 'Gemini, with GEMINI_API_KEY',
  openai: 'OpenAI, with OPENAI_API_KEY',
};

/** Prints each new login code for the agent's phone, for logging in again from the console. */
function watchLoginCodes(control: ReturnType<typeof fakeTelegramControl>, signal: AbortSignal): void {
  let last: string | null | undefined;
  const timer = setInterval(() => {
    void control.loginCode(DEMO_AGENT.phone).then(
      (code) => {
        if (last !== undefined && code !== null && code !== last) {
          report(`The fake Telegram sent ${DEMO_AGENT.configName}'s login code: ${code}`);
        }
        last = code;
      },
      () => {},
    );
  }, CODE_POLL_MS);
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}

let exitCode = 0;
try {
  await Promise.race([start(), lifetime.requested]);
  const signal = await lifetime.requested;
  report(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping the demo…`);
} catch (error) {
  console.error(`The demo could not start: ${(error as Error).message}`);
  exitCode = 1;
}
await lifetime.close(report);
report('Demo stopped.');
process.exit(exitCode);
