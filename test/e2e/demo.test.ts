import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENT, DEMO_GROUP, DEMO_PERSONAS } from '../../scripts/demo/personas';
import { openSignedInConsole } from '../support/chromium';
import { fakeTelegramControl } from '../support/fake-telegram/control-client';
import { expectText, expectVisible } from '../support/page-assertions';
import { REPO_ROOT } from '../support/serve-process';
import { spawnTypeScript, spawnWatched, type WatchedProcess } from '../support/watched-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const START_MS = 60_000;
const ANSWER_MS = 60_000;
const STOP_MS = 30_000;
const [ADA, TOMAS] = DEMO_PERSONAS;
const ADA_FIRST_LINE = ADA!.lines[0]!;
const FIRST_ANSWER = ADA_FIRST_LINE.reply.flatMap((task) => (task.kind === 'send' ? [task.text] : []));
const FIRST_FACT = ADA_FIRST_LINE.reply.flatMap((task) =>
  task.kind === 'remember' ? [task.content] : [],
)[0]!;

interface RunningDemo {
  readonly process: WatchedProcess;
  readonly loginUrl: string;
  readonly controlUrl: string;
  /** The demo's temporary folder (the parent of its log). */
  readonly root: string;
}

/** Starts the demo as `npm run demo` does (after the build), or as `troupe demo`, and waits for its link. */
async function startDemo(entry: 'script' | 'troupe'): Promise<RunningDemo> {
  // Its own process group, like a terminal job, so a stray signal reaches nothing else here.
  const env = { ...process.env, GEMINI_API_KEY: '', OPENAI_API_KEY: '' };
  const demo =
    entry === 'script'
      ? spawnTypeScript('scripts/demo/main.ts', ['--no-open'], { env, detached: true })
      : spawnWatched(process.execPath, [join(REPO_ROOT, 'bin/troupe.js'), 'demo', '--no-open'], {
          env,
          detached: true,
        });
  const [, loginUrl] = await demo.waitForOutput(/Console: (\S+)/, START_MS, 'the console link');
  const [, controlUrl] = await demo.waitForOutput(/control interface: (\S+)/, 5_000, 'the control link');
  const [, log] = await demo.waitForOutput(/Log: (\S+)/, 5_000, 'the log path');
  return { process: demo, loginUrl: loginUrl!, controlUrl: controlUrl!, root: dirname(log!) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Processes whose command line names the demo's folder (`troupe login` and `serve` get its state). */
function processesUsing(root: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return commandLine.includes(root) ? [`${pid}: ${commandLine}`] : [];
      } catch {
        return [];
      }
    });
}

async function refusesConnections(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => false,
    () => true,
  );
}

describe('npm run demo: the console during the demo', () => {
  let demo: RunningDemo;
  let browser: Browser;
  let page: Page;
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    demo = await startDemo('script');
    ({ browser, page } = await openSignedInConsole(demo.loginUrl));
  });

  afterAll(async () => {
    await browser?.close();
    if (demo) expect(await demo.process.stop('SIGINT', STOP_MS)).toBe(0);
  });

  it('shows the agent logged in to the fake Telegram', async () => {
    await expectText(page.getByRole('main'), `@${DEMO_AGENT.username}`, START_MS);
  });

  it('shows a scripted person’s message arrive and the agent answer, live, with its task graph', async () => {
    await page.getByRole('link', { name: 'Conversations', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Telegram agents' })
      .getByRole('link', { name: new RegExp(DEMO_AGENT.firstName) })
      .click();
    const chats = page.getByRole('navigation', { name: 'Chats' });
    await chats.getByRole('link', { name: new RegExp(ADA!.firstName) }).click({ timeout: ANSWER_MS });
    const log = page.getByRole('region', { name: 'Conversation' }).getByRole('log', { name: 'Messages' });
    await expectText(log, ADA_FIRST_LINE.says, ANSWER_MS);
    for (const text of FIRST_ANSWER) await expectText(log, text, ANSWER_MS);

    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('tab', { name: /Tasks/ }).click();
    await expectVisible(
      inspector
        .getByRole('application', { name: 'Task graph' })
        .getByRole('article', { name: /^send task / })
        .first(),
    );
    // The next person's chat joins the list as it starts, live.
    await expectVisible(chats.getByRole('link', { name: new RegExp(TOMAS!.firstName) }), ANSWER_MS);
    await shot('demo-conversation');

    const onTelegram = await fakeTelegramControl(demo.controlUrl).messages(
      `@${ADA!.username}`,
      `@${DEMO_AGENT.username}`,
    );
    expect(onTelegram.map((message) => message.text).slice(0, 1 + FIRST_ANSWER.length)).toEqual([
      ADA_FIRST_LINE.says,
      ...FIRST_ANSWER,
    ]);
  });

  it('shows the supergroup scene: a member asks by @mention and the agent answers in the group', async () => {
    const chats = page.getByRole('navigation', { name: 'Chats' });
    await chats.getByRole('link', { name: new RegExp(DEMO_GROUP.title) }).click({ timeout: ANSWER_MS });
    const log = page.getByRole('region', { name: 'Conversation' }).getByRole('log', { name: 'Messages' });
    const [first] = DEMO_GROUP.lines;
    await expectText(log, first!.says, ANSWER_MS);
    for (const task of first!.reply) if (task.kind === 'send') await expectText(log, task.text, ANSWER_MS);
    await shot('demo-group');
  });

  it('answers what you write to her yourself, and the terminal shows both', {
    timeout: 4 * ANSWER_MS,
  }, async () => {
    // After Ada's script, so her next scripted line cannot join the same turn.
    const lastAnswer = ADA!.lines
      .at(-1)!
      .reply.flatMap((task) => (task.kind === 'send' ? [task.text] : []))[0]!;
    await demo.process.waitForOutput(
      new RegExp(escapeRegExp(lastAnswer)),
      2 * ANSWER_MS,
      'the end of Ada’s script',
    );
    const text = 'Hello from the operator, writing as Ada!';
    await fakeTelegramControl(demo.controlUrl).send(`@${ADA!.username}`, `@${DEMO_AGENT.username}`, text);
    await demo.process.waitForOutput(
      new RegExp(`${ADA!.firstName}: ${text}`),
      ANSWER_MS,
      'the message echoed',
    );
    // Not scripted: the holding reply, as README says.
    await demo.process.waitForOutput(
      new RegExp(`${DEMO_AGENT.firstName} to ${ADA!.firstName}: Ha, you’ve caught me`),
      ANSWER_MS,
      'the holding reply',
    );
  });

  it('shows what the agent kept about the person in its memory', async () => {
    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    await page
      .getByRole('link', { name: new RegExp(DEMO_AGENT.firstName) })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Memory' }).click();
    const adaName = `${ADA!.firstName} ${ADA!.lastName}`;
    await page
      .getByRole('navigation', { name: 'People' })
      .getByRole('link', { name: new RegExp(adaName) })
      .click();
    await expectText(
      page.getByRole('region', { name: `What I know about ${adaName}` }),
      FIRST_FACT,
      ANSWER_MS,
    );
    await page.getByRole('button', { name: 'Reflect now' }).click();
    await expectText(
      page.getByRole('region', { name: `How I see ${adaName}` }),
      'A regular who buys presents here.',
      ANSWER_MS,
    );
    await shot('demo-memory');
  });

  it('logs the agent out and in again from its page, with the code the demo prints', async () => {
    await page.getByRole('tab', { name: 'Overview' }).click();
    const account = page.getByRole('region', { name: 'Telegram account' });
    await account.getByRole('button', { name: 'Log out' }).click();
    await page
      .getByRole('dialog', { name: /Log .* out of Telegram/ })
      .getByRole('button', { name: 'Log out' })
      .click();
    await expectText(account, 'Logged out');

    await account.getByRole('button', { name: 'Log in' }).click();
    const wizard = page.getByRole('dialog', { name: /Log in/ });
    await wizard.getByRole('button', { name: 'Send code' }).click();
    const [, code] = await demo.process.waitForOutput(/login code: (\d+)/, 10_000, 'the printed login code');
    await wizard.getByRole('textbox', { name: 'Code' }).fill(code!);
    await wizard.getByRole('button', { name: 'Log in' }).click();
    await expectText(wizard, DEMO_AGENT.username);
    await shot('demo-login-again');
    await wizard.getByRole('button', { name: 'Done' }).click();
    await expectText(account, 'Connected', 20_000);
  });
});

describe('npm run demo: starting and stopping', () => {
  for (const [run, entry] of [
    [1, 'script'],
    [2, 'script'],
    [3, 'troupe'],
  ] as const) {
    it(`run ${run} (${entry === 'script' ? 'npm run demo' : 'troupe demo'}): a scripted person is answered, and Ctrl-C stops everything`, async () => {
      const demo = await startDemo(entry);
      let stopped: number | null | 'killed' | undefined;
      try {
        const consoleOrigin = new URL(demo.loginUrl).origin;
        await demo.process.waitForOutput(
          new RegExp(`${DEMO_AGENT.firstName} to ${ADA!.firstName}: `),
          ANSWER_MS,
          'the agent’s answer to Ada',
        );
        const sent = await fakeTelegramControl(demo.controlUrl).messages(
          `@${DEMO_AGENT.username}`,
          `@${ADA!.username}`,
        );
        expect(sent.filter((message) => message.out).length).toBeGreaterThan(0);
        expect(processesUsing(demo.root).length).toBeGreaterThan(0);

        stopped = await demo.process.stop('SIGINT', STOP_MS);
        expect(stopped).toBe(0);
        expect(demo.process.output()).toContain('Demo stopped.');
        expect(existsSync(demo.root)).toBe(false);
        expect(processesUsing(demo.root)).toEqual([]);
        expect(await refusesConnections(consoleOrigin)).toBe(true);
        expect(await refusesConnections(demo.controlUrl)).toBe(true);
      } finally {
        if (stopped === undefined) await demo.process.stop('SIGINT', STOP_MS);
      }
    });
  }
});
