import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createTelegramStore } from '../../src/renderer/features/telegram/store';
import { AgentGroups } from '../../src/renderer/features/telegram-account/components/AgentGroups';
import { createTelegramAccountStore } from '../../src/renderer/features/telegram-account/store';
import { ApiError } from '../../src/shared/api/errors';
import { FakeRuntime, signedInAccount } from './support/fake-runtime';
import { membership } from './support/fake-telegram-memberships';
import { textOf } from './support/render-markup';
import { renderTelegramAccount } from './support/render-telegram-account';

const BOOK_CLUB = membership({ channelId: -4001, title: 'Book club', kind: 'group', memberCount: 5 });
const POETRY = membership({
  channelId: -1_000_000_000_777,
  title: 'Galway Poetry',
  username: 'galway_poetry',
  muted: true,
  gagged: true,
});

async function setUp({ signedIn = true } = {}) {
  const runtime = new FakeRuntime();
  runtime.telegramAccounts.set('Juniper', signedInAccount('Juniper', signedIn));
  runtime.telegramMemberships.memberships.set('Juniper', [BOOK_CLUB]);
  runtime.telegramMemberships.joinable.set('galway_poetry', POETRY);
  const telegram = createTelegramStore(runtime.client);
  await telegram.getState().actions.loadAccounts();
  const account = createTelegramAccountStore(runtime.client);
  const draw = () =>
    textOf(
      renderTelegramAccount(
        { telegram, account },
        createElement(AgentGroups, { configName: 'Juniper', agentName: 'Juniper' }),
      ),
    );
  const listed = () => account.getState().memberships.Juniper?.value;
  return { runtime, account, actions: account.getState().actions, draw, listed };
}

describe('the agent’s groups and channels in the console', () => {
  it('lists them with their kind, username, mute and gag, and the form to join more', async () => {
    const { actions, draw } = await setUp();
    await actions.loadMemberships('Juniper');
    const text = draw();
    expect(text).toContain('Book club');
    expect(text).toContain('Book club Group 5');
    expect(text).toContain('It joins muted on Telegram and gagged here');
  });

  it('joins by link, reads the list again and shows the new one muted and gagged', async () => {
    const { actions, listed, draw } = await setUp();
    await actions.loadMemberships('Juniper');
    const joined = await actions.joinGroup('Juniper', 'https://t.me/galway_poetry');
    expect(joined).toEqual({ title: 'Galway Poetry', warnings: [] });
    expect(listed()?.map(({ title, muted, gagged }) => ({ title, muted, gagged }))).toEqual([
      { title: 'Book club', muted: false, gagged: false },
      { title: 'Galway Poetry', muted: true, gagged: true },
    ]);
    expect(draw()).toContain('Galway Poetry Supergroup @galway_poetry 12');
  });

  it('passes a join that could not mute with its warning, and a bad link with its field', async () => {
    const { runtime, actions } = await setUp();
    runtime.telegramMemberships.muteFails = true;
    const joined = await actions.joinGroup('Juniper', '@galway_poetry');
    expect(joined.warnings).toEqual(['Joined Galway Poetry, but it could not be muted: PEER_ID_INVALID']);
    const refused = await actions.joinGroup('Juniper', 't.me/+NoSuchHash').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).issues).toEqual([
      { path: 'target', message: 'This invite link does not exist; check it for typos.' },
    ]);
  });

  it('mutes, ungags and leaves in place, and keeps the list as it was during a flood wait', async () => {
    const { runtime, actions, listed } = await setUp();
    runtime.telegramMemberships.memberships.set('Juniper', [BOOK_CLUB, POETRY]);
    await actions.loadMemberships('Juniper');
    await actions.setGroupMuted('Juniper', BOOK_CLUB.channelId, true);
    await actions.setGroupGagged('Juniper', POETRY.channelId, false);
    expect(listed()?.map(({ muted, gagged }) => ({ muted, gagged }))).toEqual([
      { muted: true, gagged: false },
      { muted: true, gagged: false },
    ]);

    runtime.telegramMemberships.floodWaitSeconds = 42;
    const waited = await actions.leaveGroup('Juniper', POETRY.channelId).catch((error: unknown) => error);
    expect((waited as ApiError).message).toBe('Telegram asks to wait 42 s before changing the groups again.');
    expect(listed()).toHaveLength(2);
    runtime.telegramMemberships.floodWaitSeconds = null;
    await actions.leaveGroup('Juniper', POETRY.channelId);
    expect(listed()?.map((entry) => entry.title)).toEqual(['Book club']);
  });

  it('says the agent must sign in first, and that an account in no group has none', async () => {
    const signedOut = await setUp({ signedIn: false });
    expect(signedOut.draw()).toContain('Juniper is not signed in to Telegram');
    const { runtime, actions, draw } = await setUp();
    runtime.telegramMemberships.memberships.set('Juniper', []);
    await actions.loadMemberships('Juniper');
    expect(draw()).toContain('No groups or channels');
  });
});
