import { ApiError } from '../../../shared/api';
import type { ConfigService } from '../../config';
import { MessagingError } from '../../messaging/port';
import { type Simulator, SimulatorInputError, SimulatorNotFoundError } from '../../simulator';
import type { ApiHandlers } from '../dispatcher';
import { personFileFromInput } from './simulated-file';

export interface SimulatorHandlerDeps {
  simulator: Simulator;
  config: ConfigService;
}

type SimulatorProcedure =
  | 'simulator.createChat'
  | 'simulator.chat'
  | 'simulator.send'
  | 'simulator.sendSticker'
  | 'simulator.sendFile'
  | 'simulator.react'
  | 'simulator.type'
  | 'simulator.stickers';

/** The agent must be in the loaded configuration; the Simulator rehearses every one, Disabled or not. */
export function requireAgent(config: ConfigService, agent: string): void {
  if (!config.config.agents.some((candidate) => candidate.configName === agent)) {
    throw new ApiError('not_found', `There is no agent "${agent}" in the loaded configuration.`);
  }
}

/** The Simulator's refusals in API terms: what is missing, what is wrong with the input, what is not allowed. */
export function simulatorApiError(error: unknown): unknown {
  if (error instanceof SimulatorNotFoundError) return new ApiError('not_found', error.message);
  if (error instanceof SimulatorInputError) return new ApiError('invalid_input', error.message);
  if (error instanceof MessagingError) return new ApiError('conflict', error.message);
  return error;
}

/** Runs a Simulator call for an agent of the configuration, translating its errors. */
export async function withSimulator<T>(
  config: ConfigService,
  agent: string,
  call: () => T | Promise<T>,
): Promise<T> {
  requireAgent(config, agent);
  try {
    return await call();
  } catch (error) {
    throw simulatorApiError(error);
  }
}

/** The Playground's actions: the operator plays the people an agent talks to. */
export function createSimulatorHandlers(deps: SimulatorHandlerDeps): Pick<ApiHandlers, SimulatorProcedure> {
  const { simulator, config } = deps;
  return {
    'simulator.createChat': ({ agent, kind, title, people }) =>
      withSimulator(config, agent, () =>
        simulator.createChat(agent, { kind, ...(title === undefined ? {} : { title }), people }),
      ),
    'simulator.chat': ({ agent, channelId }) =>
      withSimulator(config, agent, () => simulator.chat(agent, channelId)),
    'simulator.send': ({ agent, channelId, personId, text, replyTo }) =>
      withSimulator(config, agent, () => ({
        message: simulator.sendAsPerson(agent, channelId, personId, { text, replyTo: replyTo ?? null }),
      })),
    'simulator.sendSticker': ({ agent, channelId, personId, setName, name, replyTo }) =>
      withSimulator(config, agent, () => ({
        message: simulator.sendStickerAsPerson(agent, channelId, personId, {
          setName,
          name,
          replyTo: replyTo ?? null,
        }),
      })),
    'simulator.sendFile': (input) =>
      withSimulator(config, input.agent, async () => ({
        message: simulator.sendFileAsPerson(
          input.agent,
          input.channelId,
          input.personId,
          await personFileFromInput(input),
        ),
      })),
    'simulator.react': ({ agent, channelId, personId, messageId, emoji }) =>
      withSimulator(config, agent, () => ({
        message: simulator.reactAsPerson(agent, channelId, personId, messageId, emoji),
      })),
    'simulator.type': ({ agent, channelId, personId }) =>
      withSimulator(config, agent, () => {
        simulator.typeAsPerson(agent, channelId, personId);
        return { ok: true as const };
      }),
    'simulator.stickers': async ({ agent }) =>
      withSimulator(config, agent, async () => ({ stickers: await simulator.listStickers(agent) })),
  };
}
