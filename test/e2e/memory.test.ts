import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInConsole } from '../support/chromium';
import { type FakeLlmServer, startFakeLlmServer } from '../support/fake-llm-server';
import { expectCount, expectText, expectValue, expectVisible } from '../support/page-assertions';
import { callFromPage } from '../support/serve-api';
import { copyShippedConfig, REPO_ROOT, type ServeProcess, startServe } from '../support/serve-process';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');
const AGENT = 'Juniper';
const ADA_SAYS = [
  'Hi Juniper! I just moved to London last month.',
  'Do you have anything on Charles Babbage?',
  'My cat Lord Byron knocks books off every shelf.',
  'I am writing notes on the Analytical Engine.',
];

/** Waits until `attempt` stops throwing (the engine archives a message a moment after it arrives). */
async function eventually<T>(attempt: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('agent memory in the console against troupe serve', () => {
  let root: string;
  let llm: FakeLlmServer;
  let server: ServeProcess;
  let api: { call(method: string, input: object): Promise<unknown> };
  let browser: Browser;
  let page: Page;
  let channelId: number;
  let messageIds: number[];

  /** The whole page for the agent's long pages; the window for the full-window conversation pages. */
  const shot = async (name: string, fullPage = false) => {
    // A whole page is drawn from its top, where the fixed header belongs.
    if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
  };
  const simulator = () => ({ agent: AGENT, network: 'simulator' });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'troupe-e2e-memory-'));
    const { configPath } = copyShippedConfig(root);
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The agent answers nothing: the test is about what it remembers, not what it says.
    llm = await startFakeLlmServer({ defaultReply: { tasks: [] } });
    server = await startServe(['--state', join(root, 'state'), '--config-path', configPath], {
      GOOGLE_GEMINI_BASE_URL: llm.geminiBaseUrl,
    });
    ({ browser, page } = await openSignedInConsole(server.loginUrl));
    api = { call: (method, input) => callFromPage(page, method, input) };
    await api.call('secrets.set', { name: 'gemini.apiKey', value: 'AIza-e2e-memory-key' });

    const created = (await api.call('simulator.createChat', {
      agent: AGENT,
      kind: 'direct',
      people: [{ firstName: 'Ada', lastName: 'Lovelace', username: 'ada_l' }],
    })) as { chat: { channelId: number }; people: Array<{ id: number }> };
    channelId = created.chat.channelId;
    const personId = created.people[0]!.id;
    messageIds = [];
    for (const text of ADA_SAYS) {
      const sent = (await api.call('simulator.send', { agent: AGENT, channelId, personId, text })) as {
        message: { messageId: number };
      };
      messageIds.push(sent.message.messageId);
    }
    const conversation = { ...simulator(), channelId };
    await eventually(() =>
      api.call('memory.putSummary', {
        conversation,
        summary: {
          content: 'Ada moved to London last month and asked for books on Charles Babbage.',
          minMessageId: messageIds[0],
          maxMessageId: messageIds[1],
        },
      }),
    );
    await api.call('memory.putEntry', {
      list: { ...simulator(), scope: 'note', channelId },
      entry: { content: 'Ada is writing notes on the Analytical Engine; offer Menabrea.' },
    });
    await api.call('memory.putEntry', {
      list: { ...simulator(), scope: 'memory' },
      entry: { content: 'I keep the detective shelf by the window.' },
    });
    await api.call('memory.putEntry', {
      list: { ...simulator(), scope: 'intention' },
      entry: { content: 'Ask Ada how the notes are going.' },
    });
    await api.call('memory.putFact', {
      ...simulator(),
      partnerId: personId,
      fact: { category: 'location', key: 'home_city', content: 'Lives in London.' },
    });
    await api.call('memory.putFact', {
      ...simulator(),
      partnerId: personId,
      fact: { category: 'personal', key: 'cat', content: 'Has a cat called Lord Byron.' },
    });
    await api.call('memory.putProfile', {
      ...simulator(),
      partnerId: personId,
      text: '## Who she is\n\nA mathematician, new to **London**, who loves Babbage.\n\n## How we get on\n\nWarm; she writes long messages.',
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await llm?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("opens the agent's Memory tab on the Simulator with its memories, intentions and people", async () => {
    await page.getByRole('link', { name: 'Juniper' }).click();
    await page.getByRole('tab', { name: 'Memory' }).click();
    expect(new URL(page.url()).hash).toBe('#/agents/Juniper/memory');

    await expectValue(
      page.getByRole('region', { name: 'Memories' }).getByRole('textbox', { name: 'Memory 1' }),
      'I keep the detective shelf by the window.',
    );
    await expectVisible(page.getByRole('textbox', { name: 'Memory 1' }));
    await expectVisible(page.getByRole('textbox', { name: 'Intention 1' }));
    const people = page.getByRole('navigation', { name: 'People' });
    await expectVisible(people.getByRole('link', { name: /Ada Lovelace/ }));
    await expectText(
      page.getByRole('region', { name: 'How I see Ada Lovelace' }),
      'A mathematician, new to London',
    );
    const facts = page.getByRole('region', { name: 'What I know about Ada Lovelace' });
    await expectText(facts, 'Lives in London.');
    await expectText(facts, 'Has a cat called Lord Byron.');
    await shot('memory-agent', true);
  });

  it('saves a memory as the operator types', async () => {
    const memory = page.getByRole('textbox', { name: 'Memory 1' });
    await memory.fill('I keep the detective shelf by the window, next to the Christies.');
    await expectVisible(page.getByRole('region', { name: 'Memories' }).getByText('Saved'));
    const { entries } = (await api.call('memory.entries', { ...simulator(), scope: 'memory' })) as {
      entries: Array<{ content: string }>;
    };
    expect(entries.map((entry) => entry.content)).toEqual([
      'I keep the detective shelf by the window, next to the Christies.',
    ]);
  });

  it('adds a fact from the keyboard: Escape closes the form, focus returns to Add fact after either', async () => {
    const facts = page.getByRole('region', { name: 'What I know about Ada Lovelace' });
    // While the form is open its own submit is also named Add fact; the header's comes first.
    const add = facts.getByRole('button', { name: 'Add fact' }).first();
    const focused = (locator: typeof add) => locator.evaluate((node) => node === document.activeElement);
    const form = facts.getByRole('form', { name: 'New fact' });

    await add.click();
    await expect.poll(() => focused(form.getByRole('textbox', { name: 'Fact' }))).toBe(true);
    await page.keyboard.type('Reads Byron aloud.');
    await page.keyboard.press('Escape');
    await expectCount(form, 0);
    await expectCount(facts.getByText('Reads Byron aloud.'), 0);
    await expect.poll(() => focused(add)).toBe(true);

    await page.keyboard.press('Enter');
    await form.getByRole('textbox', { name: 'Fact' }).fill('Prefers first editions.');
    // A key is saved in one form, which the field shows as it is typed.
    await form.getByRole('textbox', { name: 'Key' }).fill('Favourite Books!');
    await expectText(form, 'Saved as favourite_books');
    await form.getByRole('button', { name: 'Add fact' }).click();
    await expectText(facts, 'Prefers first editions.');
    await expectCount(form, 0);
    await expect.poll(() => focused(add)).toBe(true);
    await shot('memory-fact-added');

    // A correction's form gives focus back to the fact's Correct button.
    const correct = facts.getByRole('button', { name: 'Correct the fact: Prefers first editions.' });
    await correct.click();
    await page.keyboard.press('Escape');
    await expectCount(facts.getByRole('form', { name: 'Correct the fact' }), 0);
    await expect.poll(() => focused(correct)).toBe(true);
  });

  it('corrects a fact, and shows the superseded one struck through in the history', async () => {
    const facts = page.getByRole('region', { name: 'What I know about Ada Lovelace' });
    await facts.getByRole('button', { name: 'Correct the fact: Lives in London.' }).click();
    const form = facts.getByRole('form', { name: 'Correct the fact' });
    await form.getByRole('textbox', { name: 'Fact' }).fill('Lives in Paris now.');
    await form.getByRole('button', { name: 'Save correction' }).click();
    await expectText(facts, 'Lives in Paris now.');
    await expectCount(facts.getByText('Lives in London.'), 0);

    await facts.getByRole('switch', { name: /History/ }).check();
    const past = facts.getByRole('listitem', { name: 'Past fact: Lives in London.' });
    await expectVisible(past);
    await expectText(past, 'Superseded');
    await expectText(past, 'by “Lives in Paris now.”');
    expect(
      await past.locator('.mem-fact-text').evaluate((node) => getComputedStyle(node).textDecorationLine),
    ).toBe('line-through');
    await facts.getByRole('button', { name: 'Retract the fact: Has a cat called Lord Byron.' }).click();
    await page
      .getByRole('dialog', { name: /^Retract the fact/ })
      .getByRole('button', { name: 'Retract' })
      .click();
    const retracted = facts.getByRole('listitem', { name: 'Past fact: Has a cat called Lord Byron.' });
    await expectText(retracted, 'Retracted');
    await shot('memory-facts-history', true);
    await page.getByRole('region', { name: 'People' }).scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    await shot('memory-people');
  });

  it('reflects now on the person, saying what came of it', async () => {
    const profile = page.getByRole('region', { name: 'How I see Ada Lovelace' });
    await profile.getByRole('button', { name: 'Reflect now' }).click();
    // The scripted model answers nothing useful: either reflection says so, or it reports its result.
    await expectVisible(
      page
        .getByRole('alert')
        .filter({ hasText: 'Reflection failed' })
        .or(page.getByText(/^Reflected on Ada Lovelace|^Nothing written about Ada Lovelace/)),
      30_000,
    );
    await page.waitForTimeout(400); // the notification slides in
    await shot('memory-reflect', true);
  });

  it('keeps Telegram memory apart: the other network starts empty', async () => {
    const networks = page.getByRole('radiogroup', { name: 'Network' });
    await networks.getByText('Telegram', { exact: true }).click();
    expect(new URL(page.url()).hash).toBe('#/agents/Juniper/memory/telegram');
    await expectVisible(page.getByText('Nothing remembered yet.', { exact: false }));
    await expectVisible(page.getByText('No one known yet'));
    await page.waitForTimeout(400); // the switch's indicator slides over
    await shot('memory-agent-telegram-empty', true);
    await networks.getByText('Simulator', { exact: true }).click();
    await expectVisible(page.getByRole('navigation', { name: 'People' }));
  });

  it('shows the summary in the conversation between the messages it covers and the next', async () => {
    await page.getByRole('link', { name: 'Open the chat' }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expectText(log, ADA_SAYS[3]!);
    const summary = log.getByRole('note', { name: `Summary of messages ${messageIds[0]}–${messageIds[1]}` });
    await expectText(summary, 'Ada moved to London last month');
    const order = await log.evaluate((node) => (node as HTMLElement).innerText);
    expect(order.indexOf(ADA_SAYS[1]!)).toBeLessThan(order.indexOf('Ada moved to London last month'));
    expect(order.indexOf('Ada moved to London last month')).toBeLessThan(order.indexOf(ADA_SAYS[2]!));
    await shot('memory-timeline-summary');
  });

  it("shows the chat's notes, summaries and topics in the inspector, and recalls for a question", async () => {
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('tab', { name: 'Memory' }).click();
    await expectVisible(inspector.getByRole('textbox', { name: 'Note 1' }));
    await expectText(inspector.getByRole('list', { name: 'Summaries' }), 'Ada moved to London');
    await expectText(inspector.getByRole('region', { name: 'Topics' }), 'No topics yet');

    await inspector.getByRole('textbox', { name: 'What to recall' }).fill('Paris');
    await inspector.getByRole('textbox', { name: 'What to recall' }).press('Enter');
    const recalled = inspector.getByRole('list', { name: 'Recalled items' });
    await expectText(recalled, 'Lives in Paris now.');
    await expectVisible(recalled.getByText('Fact', { exact: true }));
    await shot('memory-conversation-panel');

    await inspector.getByRole('textbox', { name: 'What to recall' }).fill('Babbage');
    await inspector.getByRole('textbox', { name: 'What to recall' }).press('Enter');
    await expectText(recalled, 'Charles Babbage');
    await recalled
      .getByRole('link', { name: `#${messageIds[1]}` })
      .first()
      .click();
    expect(new URL(page.url()).hash).toBe(`#/playground/Juniper/${channelId}/${messageIds[1]}`);
    await expectVisible(page.locator(`#pg-msg-${messageIds[1]}`));
    await shot('memory-recall-message');
  });

  it('edits a summary in place in the timeline', async () => {
    const log = page.getByRole('log', { name: 'Messages' });
    const summary = log.getByRole('note', { name: /^Summary of messages/ });
    await summary.getByRole('button', { name: /^Edit the summary/ }).click();
    await summary.getByRole('textbox', { name: 'Summary' }).fill('Ada, new to London, wants Babbage.');
    await summary.getByRole('button', { name: 'Save summary' }).click();
    await expectText(
      log.getByRole('note', { name: /^Summary of messages/ }),
      'Ada, new to London, wants Babbage.',
    );
    await page.getByRole('group', { name: 'Color scheme' }).getByRole('button', { name: 'Dark' }).click();
    await page.getByRole('complementary', { name: 'Inspector' }).getByRole('tab', { name: 'Memory' }).click();
    await shot('memory-conversation-dark');
    await page.getByRole('group', { name: 'Color scheme' }).getByRole('button', { name: 'Light' }).click();
  });

  it('writes a summary by hand: says where message ids are, and what an empty one lacks', async () => {
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await inspector.getByRole('tab', { name: 'Memory' }).click();
    await inspector.getByRole('button', { name: 'Write', exact: true }).click();
    const form = inspector.getByRole('form', { name: 'New summary' });
    await expectText(form, 'hover over a message’s time in the chat to see its #id');
    await form.getByRole('textbox', { name: 'First message' }).fill(String(messageIds[0]));
    await form.getByRole('textbox', { name: 'Last message' }).fill(String(messageIds[1]));
    await form.getByRole('button', { name: 'Add summary' }).click();
    await expectText(form, 'Write what the messages were about.');
    // The time of each message shows its id on hover, as the hint says.
    const time = page.locator(`#pg-msg-${messageIds[0]} time`);
    expect(await time.getAttribute('data-hint')).toMatch(new RegExp(`message #${messageIds[0]}$`));
    await form.getByRole('button', { name: 'Cancel' }).click();
  });
});
