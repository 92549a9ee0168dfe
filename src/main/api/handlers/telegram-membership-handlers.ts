import { ApiError } from '../../../shared/api/errors';
import type { telegramMembershipProcedures } from '../../../shared/api/telegram-membership-contract';
import { parseJoinTarget } from '../../../shared/domain/telegram-join-target';
import type { ConversationEngine } from '../../engine';
import type { AccountDesk } from '../../telegram';
import type { ApiHandlers } from '../dispatcher';
import { accountActor, photoDataUrl } from './telegram-account-handlers';

type TelegramMembershipProcedure = keyof typeof telegramMembershipProcedures;

/** Troupe's gag of the agent's Telegram conversations: it reads along and never writes. */
export interface TelegramGags {
  gagged(agent: string, channelId: number): boolean;
  /** Returns the gag now in effect. */
  setGagged(agent: string, channelId: number, gagged: boolean): boolean;
}

/** The gags as the Telegram engine's conversation settings keep them. */
export function engineGags(engine: ConversationEngine): TelegramGags {
  const ref = (agent: string, channelId: number) => ({ agent, network: 'telegram' as const, channelId });
  return {
    gagged: (agent, channelId) => engine.parameters(ref(agent, channelId)).gagged,
    setGagged: (agent, channelId, gagged) =>
      engine.updateParameters(ref(agent, channelId), { gaggedOverride: gagged }).gagged,
  };
}

function sentence(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The agent's groups and channels from the console: Telegram's side on the account desk, the gag
 * on the Telegram engine's conversation settings. A new membership is muted and gagged at once.
 */
export function createTelegramMembershipHandlers(deps: {
  desk: AccountDesk;
  gags: TelegramGags;
  /** Throws not_found for an agent the configuration does not have. */
  requireAgent: (configName: string) => void;
  /** The agent joined or left a chat: the console's chat lists reload. */
  chatsChanged: (configName: string) => void;
}): Pick<ApiHandlers, TelegramMembershipProcedure> {
  const { desk, gags } = deps;
  const act = accountActor(deps.requireAgent);
  return {
    'telegram.memberships.list': ({ configName }) =>
      act(configName, async () => ({
        memberships: (await desk.memberships(configName)).map((membership) => ({
          ...membership,
          gagged: gags.gagged(configName, membership.channelId),
        })),
      })),
    'telegram.memberships.join': ({ configName, target }) =>
      act(configName, async () => {
        const parsed = parseJoinTarget(target);
        // The contract let only a valid target through.
        if ('error' in parsed) throw new ApiError('invalid_input', parsed.error);
        const { channelId, title } = await desk.join(configName, parsed);
        deps.chatsChanged(configName);
        const warnings: string[] = [];
        try {
          await desk.setMuted(configName, channelId, true);
        } catch (error) {
          warnings.push(`Joined ${title}, but it could not be muted: ${sentence(error)}`);
        }
        try {
          gags.setGagged(configName, channelId, true);
        } catch (error) {
          warnings.push(`Joined ${title}, but it could not be gagged: ${sentence(error)}`);
        }
        return { channelId, title, warnings };
      }),
    'telegram.memberships.leave': ({ configName, channelId }) =>
      act(configName, async () => {
        await desk.leave(configName, channelId);
        deps.chatsChanged(configName);
        return { channelId };
      }),
    'telegram.memberships.setMuted': ({ configName, channelId, muted }) =>
      act(configName, async () => {
        await desk.setMuted(configName, channelId, muted);
        return { channelId, muted };
      }),
    'telegram.memberships.setGagged': ({ configName, channelId, gagged }) =>
      act(configName, async () => ({ channelId, gagged: gags.setGagged(configName, channelId, gagged) })),
    'telegram.memberships.photo': ({ configName, channelId }) =>
      act(configName, async () => {
        const bytes = await desk.chatPhoto(configName, channelId);
        return { dataUrl: bytes ? await photoDataUrl(bytes) : null };
      }),
  };
}
