import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiClient } from '../../../shared/api/client';
import { ApiError } from '../../../shared/api/errors';
import type { LoginStep, TelegramAccountView, TelegramServerView } from '../../../shared/domain/telegram';
import { errorMessage, fieldErrors } from '../../api/errors';
import type { LoadStatus } from '../../ui/load-status';

/** Where a login wizard stands: the phone step until Telegram answers, then the runtime's steps. */
export type WizardStep = { step: 'phone' } | LoginStep;

/** The wizard's calls, so the view can show which one is in flight. */
export type LoginAction = 'phone' | 'qr' | 'code' | 'password';

export type LoginWizard = {
  step: WizardStep;
  /** The number to send the code to: the agent file's, then what the operator typed. */
  phone: string;
  pending: LoginAction | null;
  /**
   * The last call's failure in the server's words; the step stays. `onField`: a problem with what
   * was typed, shown under its field; else (a connection, a flood wait) above the step's buttons.
   */
  error: { action: LoginAction; message: string; onField: boolean } | null;
};

export interface TelegramActions {
  /** The server in effect and every agent's account; keeps what is on screen while refreshing. */
  loadAccounts(): Promise<void>;
  /** Follows a change of one account (connection, login, cool-down, switch). */
  applyAccount(account: TelegramAccountView): void;
  /** Follows a login that moved on by itself (a fresh QR token, a scan, done, failed). */
  applyLoginStep(configName: string, step: LoginStep): void;
  /** Opens the wizard on the phone step, prefilled with `phone`. */
  openLogin(configName: string, phone: string): void;
  submitPhone(configName: string, phone: string): Promise<void>;
  startQrLogin(configName: string): Promise<void>;
  submitCode(configName: string, code: string): Promise<void>;
  submitPassword(configName: string, password: string): Promise<void>;
  /** Back to the phone step, ending the login in progress (e.g. to leave the QR path). */
  restartLogin(configName: string): void;
  /** Closes the wizard; an unfinished login is cancelled on the runtime. */
  closeLogin(configName: string): void;
  /** Rejects with the API error; the account view follows the answer. */
  logout(configName: string): Promise<TelegramAccountView>;
  setEnabled(configName: string, enabled: boolean): Promise<TelegramAccountView>;
  resumeSends(configName: string): Promise<TelegramAccountView>;
  /** Re-fetches what is on screen, e.g. after the connection came back or the server setting changed. */
  resync(): void;
}

export type TelegramState = {
  status: LoadStatus;
  /** The last load's failure; the previous accounts stay shown when there are some. */
  error: string | null;
  server: TelegramServerView | null;
  accounts: Record<string, TelegramAccountView>;
  /** Open login wizards by config name. */
  logins: Record<string, LoginWizard>;
  actions: TelegramActions;
};

export type TelegramStore = StoreApi<TelegramState>;

/** The input field each call's errors belong under. */
const FIELD_OF: Record<LoginAction, string> = {
  phone: 'phone',
  qr: 'configName',
  code: 'code',
  password: 'password',
};

/** Steps where a login is under way on the runtime, so closing the wizard must cancel it. */
function isUnderWay(wizard: LoginWizard): boolean {
  return wizard.pending !== null || ['code', 'password', 'qr'].includes(wizard.step.step);
}

/** A QR step older than the one shown, e.g. a call's answer overtaken by a token-refresh event. */
function isOlderQrToken(current: WizardStep, incoming: LoginStep): boolean {
  return (
    current.step === 'qr' &&
    incoming.step === 'qr' &&
    Date.parse(incoming.expiresAt) < Date.parse(current.expiresAt)
  );
}

export function createTelegramStore(api: ApiClient): TelegramStore {
  let accountsRequest = 0;
  // Per agent: only the latest wizard call's answer is applied, and none after the wizard closed.
  const loginRequests = new Map<string, number>();
  const nextLoginRequest = (configName: string) => {
    const request = (loginRequests.get(configName) ?? 0) + 1;
    loginRequests.set(configName, request);
    return request;
  };

  return createStore<TelegramState>()((set, get) => {
    const updateWizard = (configName: string, change: (wizard: LoginWizard) => LoginWizard) => {
      set((s) => {
        const wizard = s.logins[configName];
        return wizard ? { logins: { ...s.logins, [configName]: change(wizard) } } : {};
      });
    };

    const showStep = (configName: string, step: LoginStep) => {
      updateWizard(configName, (wizard) =>
        isOlderQrToken(wizard.step, step) ? wizard : { ...wizard, step, error: null },
      );
    };

    /** Runs one wizard call: marks it pending, then shows the next step or the error under the field. */
    const runStep = async (configName: string, action: LoginAction, call: () => Promise<LoginStep>) => {
      if (!get().logins[configName]) return;
      const request = nextLoginRequest(configName);
      updateWizard(configName, (wizard) => ({ ...wizard, pending: action, error: null }));
      try {
        const step = await call();
        if (loginRequests.get(configName) !== request) return;
        updateWizard(configName, (wizard) => ({ ...wizard, pending: null }));
        showStep(configName, step);
      } catch (error) {
        if (loginRequests.get(configName) !== request) return;
        const fieldMessage = fieldErrors(error)[FIELD_OF[action]];
        const onField =
          fieldMessage !== undefined || (error instanceof ApiError && error.code === 'invalid_input');
        const message = fieldMessage ?? errorMessage(error);
        updateWizard(configName, (wizard) => ({
          ...wizard,
          pending: null,
          error: { action, message, onField },
        }));
      }
    };

    const cancelOnRuntime = (configName: string) => {
      // Fire and forget: the wizard is gone either way, and a login the runtime already ended
      // has nothing left to cancel.
      api.call('telegram.login.cancel', { configName }).catch(() => {});
    };

    const actions: TelegramActions = {
      async loadAccounts() {
        const request = ++accountsRequest;
        if (get().status !== 'ready') set({ status: 'loading', error: null });
        try {
          const { server, accounts } = await api.call('telegram.accounts', {});
          if (request !== accountsRequest) return;
          set({
            status: 'ready',
            error: null,
            server,
            accounts: Object.fromEntries(accounts.map((account) => [account.configName, account])),
          });
        } catch (error) {
          if (request !== accountsRequest) return;
          set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error', error: errorMessage(error) }));
        }
      },

      applyAccount(account) {
        set((s) => ({ accounts: { ...s.accounts, [account.configName]: account } }));
      },

      applyLoginStep(configName, step) {
        const wizard = get().logins[configName];
        // A finished wizard stays as it is; on the phone step, only a QR login being started
        // listens (earlier events belong to a login the operator left).
        if (!wizard || wizard.step.step === 'done') return;
        if (wizard.step.step === 'phone' && wizard.pending !== 'qr') return;
        showStep(configName, step);
      },

      openLogin(configName, phone) {
        nextLoginRequest(configName);
        set((s) => ({
          logins: {
            ...s.logins,
            [configName]: { step: { step: 'phone' }, phone, pending: null, error: null },
          },
        }));
      },

      submitPhone(configName, phone) {
        updateWizard(configName, (wizard) => ({ ...wizard, phone }));
        return runStep(configName, 'phone', () => api.call('telegram.login.start', { configName, phone }));
      },

      startQrLogin(configName) {
        return runStep(configName, 'qr', () => api.call('telegram.login.qr', { configName }));
      },

      submitCode(configName, code) {
        return runStep(configName, 'code', () => api.call('telegram.login.code', { configName, code }));
      },

      submitPassword(configName, password) {
        return runStep(configName, 'password', () =>
          api.call('telegram.login.password', { configName, password }),
        );
      },

      restartLogin(configName) {
        const wizard = get().logins[configName];
        if (!wizard) return;
        nextLoginRequest(configName);
        if (isUnderWay(wizard)) cancelOnRuntime(configName);
        updateWizard(configName, (current) => ({
          ...current,
          step: { step: 'phone' },
          pending: null,
          error: null,
        }));
      },

      closeLogin(configName) {
        const wizard = get().logins[configName];
        if (!wizard) return;
        nextLoginRequest(configName);
        if (isUnderWay(wizard)) cancelOnRuntime(configName);
        set((s) => {
          const { [configName]: _closed, ...rest } = s.logins;
          return { logins: rest };
        });
      },

      async logout(configName) {
        const account = await api.call('telegram.logout', { configName });
        get().actions.applyAccount(account);
        return account;
      },

      async setEnabled(configName, enabled) {
        const account = await api.call('telegram.setEnabled', { configName, enabled });
        get().actions.applyAccount(account);
        return account;
      },

      async resumeSends(configName) {
        const account = await api.call('telegram.resumeSends', { configName });
        get().actions.applyAccount(account);
        return account;
      },

      resync() {
        if (get().status !== 'idle') void get().actions.loadAccounts();
      },
    };

    return { status: 'idle', error: null, server: null, accounts: {}, logins: {}, actions };
  });
}

export const TelegramStoreContext = createContext<TelegramStore | null>(null);

/** Reads the Telegram store of the surrounding console through one of `telegramSelectors`. */
export function useTelegramStore<T>(selector: (state: TelegramState) => T): T {
  const store = useContext(TelegramStoreContext);
  if (!store) throw new Error('useTelegramStore needs a TelegramStoreContext provider.');
  return useStore(store, selector);
}
