import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeChannel, type FakeUser, waitFor } from '../support/fake-telegram';
import { expectCount, expectText, expectVisible } from '../support/page-assertions';
import { REPO_ROOT } from '../support/serve-process';
import { logInJuniper, startTelegramConsole, type TelegramConsole } from '../support/telegram-console';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'e2e');

/**
 * An operator manages the groups and channels of a signed-in agent from the console, against the
 * fake MTProto server: join by invite link (a link that does not exist refused on the field),
 * see the new one muted and gagged, unmute it, and leave it.
 */
describe('The agent’s groups and channels from the console', () => {
  let app: TelegramConsole;
  let poetry: FakeChannel;
  let invite: string;
  let ada: FakeUser;

  const shot = (name: string) => app.page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    app = await startTelegramConsole((telegram, juniper) => {
      ada = telegram.createUser({ phone: '+15550100177', firstName: 'Ada', username: 'ada_reads' });
      telegram.createGroup({ title: 'Book club', creatorId: ada.id, memberIds: [juniper.id] });
      telegram.createChannel({ title: 'Bookshop News', broadcast: true, memberIds: [ada.id, juniper.id] });
      poetry = telegram.createChannel({ title: 'Galway Poetry', memberIds: [ada.id] });
      invite = telegram.createInviteLink({ channelId: poetry.id });
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('signs Juniper in to the fake Telegram', async () => {
    await logInJuniper(app.page, app.telegram, app.juniperPhone);
  });

  it('keeps the agent page’s ten tabs on one row at desktop widths, scrolled sideways on a phone', async () => {
    const { page } = app;
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    await expectCount(tabs, 10);
    const rows = () =>
      tabs.evaluateAll((all) => new Set(all.map((tab) => tab.getBoundingClientRect().top)).size);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(rows).toBe(1);
    }
    await shot('agent-tabs-desktop');
    // The tab chosen on a wide window stays in sight when the window narrows.
    await tabs.last().click();
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(rows).toBe(1);
    const activeInSight = () =>
      page.evaluate(() => {
        const tab = document.querySelector('[role="tab"][data-active]');
        const bar = tab?.closest('[role="tablist"]');
        if (!tab || !bar) return false;
        const [tabBox, barBox] = [tab.getBoundingClientRect(), bar.getBoundingClientRect()];
        return tabBox.left >= barBox.left && tabBox.right <= barBox.right;
      });
    await expect.poll(activeInSight).toBe(true);
    await tabs.first().click();
    // The page is no wider than the phone: only the tab bar scrolls.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await tabs.last().scrollIntoViewIfNeeded();
    await expectVisible(tabs.last());
    await shot('agent-tabs-phone');
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  it('joins a group by invite link, refusing one that does not exist, and lists it muted and gagged', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Groups' }).click();
    const table = page.getByRole('table', { name: 'Groups and channels' });
    await expectText(table, 'Book club');
    await expectText(table, 'Bookshop News');

    const form = page.getByRole('form', { name: 'Join a group or channel' });
    const field = form.getByRole('textbox', { name: 'Group or channel' });
    await field.fill('https://t.me/+NoSuchInviteHash');
    await form.getByRole('button', { name: 'Join' }).click();
    await expectText(form, 'This invite link does not exist; check it for typos.');
    // The Join button sits level with the field, under the field's description, at any width.
    const join = form.getByRole('button', { name: 'Join' });
    const offset = async () => {
      const [input, button] = [await field.boundingBox(), await join.boundingBox()];
      return input && button ? Math.abs(input.y - button.y) + Math.abs(input.height - button.height) : null;
    };
    for (const width of [1360, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(offset).toBeLessThan(1);
    }
    await page.waitForTimeout(400);
    await shot('telegram-memberships-join-390');
    await page.setViewportSize({ width: 1360, height: 900 });

    await field.fill(`https://t.me/+${invite}`);
    await form.getByRole('button', { name: 'Join' }).click();
    await expectText(form, 'Joined Galway Poetry.');
    await expectText(table, 'Galway Poetry');
    await expectVisible(page.getByRole('switch', { name: 'Mute Galway Poetry', checked: true }));
    await expectVisible(page.getByRole('switch', { name: 'Gag Juniper in Galway Poetry', checked: true }));
    await expectVisible(page.getByRole('switch', { name: 'Mute Book club', checked: false }));
    expect(app.telegram.channelMuteUntil(app.juniper.id, poetry.id)).toBeGreaterThan(0);
    await shot('telegram-memberships');
  });

  it('unmutes it on Telegram, then leaves it after a confirmation', async () => {
    const { page, telegram, juniper } = app;
    await page.getByRole('switch', { name: 'Mute Galway Poetry' }).click({ force: true });
    await expectVisible(page.getByRole('switch', { name: 'Mute Galway Poetry', checked: false }));
    await waitFor(() => telegram.channelMuteUntil(juniper.id, poetry.id) === 0, 5_000, 'the unmute');

    await page.getByRole('button', { name: 'Leave Galway Poetry' }).click();
    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await expectCount(page.getByRole('switch', { name: 'Mute Galway Poetry' }), 0);
    expect(telegram.membersOf({ channelId: poetry.id })).not.toContain(juniper.id);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    await shot('telegram-memberships-390');
    await page.setViewportSize({ width: 1360, height: 900 });
  });

  it('keeps a group it left in the conversations, marked Left, with what was archived and nothing to send', async () => {
    const { page, telegram, juniper } = app;
    const walks = telegram.createChannel({ title: 'Harbour walkers', memberIds: [ada.id, juniper.id] });
    telegram.channelSays(ada.id, walks.id, 'Walk on Sunday at nine?');
    const chats = page.getByRole('navigation', { name: 'Chats' });
    await page.goto(`${app.server.origin}/#/conversations/Juniper`);
    await expectVisible(chats.getByRole('link', { name: /Harbour walkers/ }), 15_000);

    await page.goto(`${app.server.origin}/#/agents/Juniper`);
    await page.getByRole('tab', { name: 'Groups' }).click();
    await page.getByRole('button', { name: 'Leave Harbour walkers' }).click();
    await page.getByRole('button', { name: 'Leave', exact: true }).click();
    await expectCount(page.getByRole('switch', { name: 'Mute Harbour walkers' }), 0);

    await page.goto(`${app.server.origin}/#/conversations/Juniper`);
    const left = chats.getByRole('link', { name: /Harbour walkers/ });
    await expectText(left, 'Left');
    await left.click();
    await expectText(page.getByRole('main'), 'Walk on Sunday at nine?');
    await expectText(page.getByRole('main'), 'Juniper is no longer in this chat');
    await expectCount(page.getByRole('form', { name: 'Write as Juniper' }), 0);
    await expectCount(page.getByRole('button', { name: 'Write as Juniper' }), 0);
    await shot('telegram-left-group');
  });
});
