import { beforeEach, describe, expect, it } from 'vitest';
import { feedStoresFromEvents } from '../../src/renderer/api/events';
import { createAgentsStore } from '../../src/renderer/features/agents/store';
import { createCopilotStore } from '../../src/renderer/features/copilot/store';
import { createCostsStore } from '../../src/renderer/features/costs/store';
import { createDocumentsStore } from '../../src/renderer/features/documents/store';
import { createMediaStore } from '../../src/renderer/features/media/store';
import { createMemoryStore } from '../../src/renderer/features/memory/store';
import { createSessionStore } from '../../src/renderer/features/session/store';
import { createSettingsStore } from '../../src/renderer/features/settings/store';
import { telegramSelectors } from '../../src/renderer/features/telegram/selectors';
import { createTelegramStore, type TelegramStore } from '../../src/renderer/features/telegram/store';
import { ApiError } from '../../src/shared/api/errors';
import type { LoginStep } from '../../src/shared/domain/telegram';
import { createConversationStores } from './support/conversation-stores';
import { deferred, FAKE_TELEGRAM_USER, FakeRuntime, settle, telegramAccount } from './support/fake-runtime';

const AGENT = 'Heidi';
const PHONE = '+15550000000';

describe('telegram store', () => {
  let runtime: FakeRuntime;
  let store: TelegramStore;

  const wizard = () => telegramSelectors.login(AGENT)(store.getState());
  const actions = () => store.getState().actions;
  const qrStep = (token: string, expiresAt: string): LoginStep => ({
    step: 'qr',
    url: `tg://login?token=${token}`,
    expiresAt,
  });

  beforeEach(() => {
    runtime = new FakeRuntime();
    runtime.telegramAccounts.set(AGENT, telegramAccount(AGENT));
    runtime.telegramAccounts.set(
      'Mary',
      telegramAccount('Mary', { connection: 'connected', user: { ...FAKE_TELEGRAM_USER, name: 'Mary' } }),
    );
    store = createTelegramStore(runtime.client);
  });

  describe('accounts', () => {
    it('loads the server in effect and every account', async () => {
      runtime.telegramServer = { mode: 'custom', label: '127.0.0.1:8443', source: 'environment' };
      const loading = actions().loadAccounts();
      expect(telegramSelectors.status(store.getState())).toBe('loading');
      await loading;

      expect(telegramSelectors.status(store.getState())).toBe('ready');
      expect(telegramSelectors.server(store.getState())?.label).toBe('127.0.0.1:8443');
      expect(telegramSelectors.serverFromEnvironment(store.getState())).toBe(true);
      expect(telegramSelectors.account('Mary')(store.getState())?.connection).toBe('connected');
      expect(telegramSelectors.account('Nobody')(store.getState())).toBeNull();
    });

    it('keeps the accounts on screen when a refresh fails', async () => {
      await actions().loadAccounts();
      runtime.handle('telegram.accounts', () => {
        throw new ApiError('unavailable', 'The Troupe server cannot be reached; retrying.');
      });

      await actions().loadAccounts();

      expect(telegramSelectors.status(store.getState())).toBe('ready');
      expect(telegramSelectors.error(store.getState())).toBe(
        'The Troupe server cannot be reached; retrying.',
      );
      expect(telegramSelectors.account(AGENT)(store.getState())).not.toBeNull();
    });

    it('applies only the latest of overlapping loads', async () => {
      const slow = deferred<{ server: never; accounts: never[] }>();
      runtime.handle('telegram.accounts', () => slow.promise);
      const first = actions().loadAccounts();
      runtime.overrides.delete('telegram.accounts');
      await actions().loadAccounts();
      slow.resolve({ server: runtime.telegramServer as never, accounts: [] });
      await first;

      expect(telegramSelectors.account(AGENT)(store.getState())).not.toBeNull();
    });

    it('switches an agent off and logs it out, following the answers', async () => {
      await actions().loadAccounts();

      await actions().setEnabled(AGENT, false);
      expect(telegramSelectors.account(AGENT)(store.getState())).toMatchObject({
        enabled: false,
        connection: 'disabled',
      });

      await actions().logout('Mary');
      expect(telegramSelectors.account('Mary')(store.getState())?.connection).toBe('logged-out');
      expect(runtime.callsOf('telegram.logout')).toEqual([{ configName: 'Mary' }]);
    });

    it('resumes the sends of a limited account', async () => {
      runtime.telegramAccounts.set(
        'Mary',
        telegramAccount('Mary', {
          connection: 'connected',
          sendsStoppedUntil: '2099-01-01T00:00:00.000Z',
          problem: 'Telegram limited this account (PEER_FLOOD).',
        }),
      );
      await actions().loadAccounts();

      await actions().resumeSends('Mary');
      expect(telegramSelectors.account('Mary')(store.getState())).toMatchObject({
        sendsStoppedUntil: null,
        problem: null,
      });
      expect(runtime.callsOf('telegram.resumeSends')).toEqual([{ configName: 'Mary' }]);
    });

    it('rejects a failed switch with the API error, leaving the account as it was', async () => {
      await actions().loadAccounts();
      runtime.handle('telegram.setEnabled', () => {
        throw new ApiError('conflict', 'The agent file has a Disabled section.');
      });

      await expect(actions().setEnabled(AGENT, true)).rejects.toThrow(
        'The agent file has a Disabled section.',
      );
      expect(telegramSelectors.account(AGENT)(store.getState())?.enabled).toBe(true);
    });
  });

  describe('phone login', () => {
    beforeEach(() => actions().openLogin(AGENT, PHONE));

    it('opens on the phone step, prefilled with the agent file’s number', () => {
      expect(wizard()).toEqual({ step: { step: 'phone' }, phone: PHONE, pending: null, error: null });
    });

    it('walks phone, code and password to done, staying on a step whose input was wrong', async () => {
      const sending = actions().submitPhone(AGENT, '+44 7700 900123');
      expect(wizard()?.pending).toBe('phone');
      await sending;
      expect(wizard()).toMatchObject({
        step: { step: 'code', phone: '+44 7700 900123', sentTo: 'app', codeLength: 5 },
        phone: '+44 7700 900123',
        pending: null,
      });

      await actions().submitCode(AGENT, '00000');
      expect(wizard()?.step.step).toBe('code');
      expect(wizard()?.error).toEqual({
        action: 'code',
        message: 'The code is wrong. Check it and try again.',
        onField: true,
      });

      await actions().submitCode(AGENT, '12345');
      expect(wizard()).toMatchObject({ step: { step: 'password', hint: 'first pet' }, error: null });

      await actions().submitPassword(AGENT, 'guess');
      expect(wizard()?.step.step).toBe('password');
      expect(wizard()?.error?.message).toBe('The password is wrong. Check it and try again.');

      await actions().submitPassword(AGENT, 'secret');
      expect(wizard()?.step).toEqual({ step: 'done', user: FAKE_TELEGRAM_USER });
    });

    it('shows the contract’s message for a malformed number under the phone field', async () => {
      await actions().submitPhone(AGENT, 'call me');

      expect(wizard()?.step.step).toBe('phone');
      expect(wizard()?.error).toEqual({
        action: 'phone',
        message: 'Enter the phone number with its country code, e.g. +44 7700 900123.',
        onField: true,
      });
      expect(runtime.callsOf('telegram.login.start')).toHaveLength(1);
    });

    it('shows a flood wait or ban in the server’s words, on the same step', async () => {
      runtime.handle('telegram.login.start', () => {
        throw new ApiError('unavailable', 'Telegram asks to wait 5 minutes before sending another code.');
      });

      await actions().submitPhone(AGENT, PHONE);

      expect(wizard()?.step.step).toBe('phone');
      // Not a problem with the number: shown above the buttons, not under the phone field.
      expect(wizard()?.error).toEqual({
        action: 'phone',
        message: 'Telegram asks to wait 5 minutes before sending another code.',
        onField: false,
      });
    });

    it('cancels the login on the runtime when closed midway, and ignores the answer still in flight', async () => {
      await actions().submitPhone(AGENT, PHONE);
      const answer = deferred<LoginStep>();
      runtime.handle('telegram.login.code', () => answer.promise);
      const submitting = actions().submitCode(AGENT, '12345');

      actions().closeLogin(AGENT);
      answer.resolve({ step: 'password', hint: null });
      await submitting;
      await settle();

      expect(wizard()).toBeNull();
      expect(runtime.callsOf('telegram.login.cancel')).toEqual([{ configName: AGENT }]);
    });

    it('does not cancel a login that never started or already succeeded', async () => {
      actions().closeLogin(AGENT);
      actions().openLogin(AGENT, PHONE);
      await actions().submitPhone(AGENT, PHONE);
      await actions().submitCode(AGENT, '12345');
      await actions().submitPassword(AGENT, 'secret');
      actions().closeLogin(AGENT);
      await settle();

      expect(runtime.callsOf('telegram.login.cancel')).toEqual([]);
    });

    it('goes back to the phone step, ending the login in progress', async () => {
      await actions().submitPhone(AGENT, '+44 7700 900123');
      actions().restartLogin(AGENT);
      await settle();

      expect(wizard()).toMatchObject({ step: { step: 'phone' }, phone: '+44 7700 900123', error: null });
      expect(runtime.callsOf('telegram.login.cancel')).toHaveLength(1);
    });
  });

  describe('QR login and login events', () => {
    beforeEach(() => actions().openLogin(AGENT, PHONE));

    it('shows the QR code, then each fresh token and the password request from events', async () => {
      await actions().startQrLogin(AGENT);
      expect(wizard()?.step).toMatchObject({ step: 'qr', url: 'tg://login?token=AQJkZXZlbG9wZXItdG9rZW4' });

      actions().applyLoginStep(AGENT, qrStep('second', '2025-06-01T12:01:00.000Z'));
      expect(wizard()?.step).toMatchObject({ url: 'tg://login?token=second' });

      actions().applyLoginStep(AGENT, { step: 'password', hint: 'cat' });
      expect(wizard()?.step).toEqual({ step: 'password', hint: 'cat' });
    });

    it('keeps a fresher token when the call’s answer arrives after a refresh event', async () => {
      const answer = deferred<LoginStep>();
      runtime.handle('telegram.login.qr', () => answer.promise);
      const starting = actions().startQrLogin(AGENT);
      actions().applyLoginStep(AGENT, qrStep('fresh', '2025-06-01T12:01:00.000Z'));
      answer.resolve(qrStep('first', '2025-06-01T12:00:30.000Z'));
      await starting;

      expect(wizard()).toMatchObject({ step: { url: 'tg://login?token=fresh' }, pending: null });
    });

    it('ignores events for agents without a wizard, on the phone step, and after done', async () => {
      actions().applyLoginStep('Mary', { step: 'failed', message: 'Expired.' });
      expect(telegramSelectors.login('Mary')(store.getState())).toBeNull();

      actions().applyLoginStep(AGENT, qrStep('stale', '2025-06-01T12:01:00.000Z'));
      expect(wizard()?.step.step).toBe('phone');

      await actions().startQrLogin(AGENT);
      actions().applyLoginStep(AGENT, { step: 'done', user: FAKE_TELEGRAM_USER });
      actions().applyLoginStep(AGENT, { step: 'failed', message: 'The login was cancelled.' });
      expect(wizard()?.step.step).toBe('done');
    });

    it('shows a login that failed by itself', async () => {
      await actions().startQrLogin(AGENT);
      actions().applyLoginStep(AGENT, { step: 'failed', message: 'The QR code expired unscanned.' });

      expect(wizard()?.step).toEqual({ step: 'failed', message: 'The QR code expired unscanned.' });
    });
  });

  describe('fed by the runtime’s events', () => {
    function feed() {
      const settings = createSettingsStore(runtime.client);
      const statusListeners = new Set<(status: 'online' | 'reconnecting') => void>();
      feedStoresFromEvents(
        {
          client: runtime.client,
          onStatus(listener) {
            statusListeners.add(listener);
            return () => statusListeners.delete(listener);
          },
        },
        {
          agents: createAgentsStore(runtime.client),
          settings,
          session: createSessionStore({ auth: null, now: () => 0 }),
          conversations: createConversationStores(runtime.client),
          telegram: store,
          memory: createMemoryStore(runtime.client),
          costs: createCostsStore(runtime.client),
          copilot: createCopilotStore(runtime.client),
          documents: createDocumentsStore(runtime.client),
          media: createMediaStore(runtime.client),
        },
      );
      return {
        settings,
        setStatus: (status: 'online' | 'reconnecting') => {
          for (const listener of statusListeners) listener(status);
        },
      };
    }

    it('follows account changes and login steps', async () => {
      feed();
      await actions().loadAccounts();
      actions().openLogin(AGENT, PHONE);
      await actions().startQrLogin(AGENT);

      runtime.emit('telegram.accountChanged', telegramAccount(AGENT, { connection: 'connecting' }));
      runtime.emit('telegram.loginStep', { configName: AGENT, step: { step: 'password', hint: null } });

      expect(telegramSelectors.account(AGENT)(store.getState())?.connection).toBe('connecting');
      expect(wizard()?.step).toEqual({ step: 'password', hint: null });
    });

    it('re-reads the server in effect when the settings change, and everything after a reconnect', async () => {
      const { settings, setStatus } = feed();
      await actions().loadAccounts();
      runtime.telegramServer = { mode: 'test', label: 'Telegram test servers', source: 'settings' };

      runtime.emit('settings.changed', {
        ...runtime.settings,
        telegramServer: { ...runtime.settings.telegramServer, mode: 'test' },
      });
      await settle();
      expect(telegramSelectors.server(store.getState())?.label).toBe('Telegram test servers');
      expect(settings.getState().settings?.telegramServer.mode).toBe('test');

      setStatus('reconnecting');
      setStatus('online');
      await settle();
      expect(runtime.callsOf('telegram.accounts')).toHaveLength(3);
    });
  });
});
