import { expect } from 'vitest';
import { type ApiHandlers, createApiDispatcher } from '../../../src/main/api/dispatcher';
import { systemClock } from '../../../src/main/clock';
import { TelegramAccountDesk } from '../../../src/main/telegram/profile';
import type { ProcedureInput, ProcedureName } from '../../../src/shared/api';
import type { CallOutcome } from '../../../src/shared/api/wire';
import type { FakeUser } from '../../support/fake-telegram';
import { silentLogger, type TelegramTestbed } from './telegram-fixture';

/** A real PNG (1×1), as a photo file or a group's photo would be. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Connects `agent` as Juniper and gives the account desk the console's handlers act through. */
export async function connectedDesk(testbed: TelegramTestbed, agent: FakeUser): Promise<TelegramAccountDesk> {
  const view = await testbed.accounts.connect('Juniper', await testbed.connectOptions(agent));
  expect(view.connection).toBe('connected');
  return new TelegramAccountDesk(
    testbed.accounts,
    (account) => testbed.port.contextFor(account),
    systemClock,
    silentLogger,
  );
}

type AgentCall = <P extends ProcedureName>(
  method: P,
  input: Omit<ProcedureInput<P>, 'configName'>,
) => Promise<CallOutcome>;

/**
 * Calls handlers as the console does, through the contract's validation, for the agent Juniper:
 * `call` answers the outcome, `ok` the result (failing the test on a refusal).
 */
export function deskCalls(handlers: Partial<ApiHandlers>): {
  call: AgentCall;
  ok: <P extends ProcedureName>(method: P, input: Omit<ProcedureInput<P>, 'configName'>) => Promise<never>;
} {
  const dispatch = createApiDispatcher(handlers as unknown as ApiHandlers, silentLogger);
  const call: AgentCall = async (method, input) => dispatch(method, { configName: 'Juniper', ...input });
  return {
    call,
    async ok(method, input) {
      const outcome = await call(method, input);
      if (!outcome.ok) throw new Error(`${method} failed: ${outcome.error.message}`);
      return outcome.result as never;
    },
  };
}

/** The error of an outcome that should be a refusal. */
export function refusal(outcome: CallOutcome) {
  if (outcome.ok) throw new Error('expected a refusal');
  return outcome.error;
}

/** The agent the handlers act for in these tests. */
export function requireJuniper(configName: string): void {
  if (configName !== 'Juniper') throw new Error(`no agent ${configName}`);
}
