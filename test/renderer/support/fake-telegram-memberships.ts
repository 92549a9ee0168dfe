import { ApiError, type ProcedureInput } from '../../../src/shared/api';
import {
  type Membership,
  telegramMembershipProcedures,
} from '../../../src/shared/api/telegram-membership-contract';
import { parseJoinTarget } from '../../../src/shared/domain/telegram-join-target';

type MembershipProcedure = keyof typeof telegramMembershipProcedures;

export function isTelegramMembershipProcedure(method: string): method is MembershipProcedure {
  return Object.hasOwn(telegramMembershipProcedures, method);
}

export function membership(
  overrides: Partial<Membership> & { channelId: number; title: string },
): Membership {
  return {
    kind: 'supergroup',
    username: null,
    photoId: null,
    memberCount: 12,
    muted: false,
    gagged: false,
    ...overrides,
  };
}

/**
 * The agents' groups and channels (`telegram.memberships.*`), refusing as the runtime does: a
 * target no joinable chat has is refused on its field, and while `floodWaitSeconds` is set every
 * change waits. `joinable` holds what a join by username or invite hash finds.
 */
export class FakeTelegramMemberships {
  readonly memberships = new Map<string, Membership[]>();
  /** By username or invite hash: the chat a join adds (muted and gagged, unless `muteFails`). */
  readonly joinable = new Map<string, Membership>();
  muteFails = false;
  floodWaitSeconds: number | null = null;

  answer(method: MembershipProcedure, input: ProcedureInput<MembershipProcedure>): unknown {
    const { configName } = input;
    const list = this.memberships.get(configName);
    if (!list) throw new ApiError('unavailable', `${configName} is not connected to Telegram.`);
    if (method !== 'telegram.memberships.list' && this.floodWaitSeconds !== null) {
      throw new ApiError(
        'unavailable',
        `Telegram asks to wait ${this.floodWaitSeconds} s before changing the groups again.`,
        undefined,
        { retryAfterSeconds: this.floodWaitSeconds },
      );
    }
    const { channelId } = input as { channelId: number };
    const update = (fields: Partial<Membership>) =>
      this.memberships.set(
        configName,
        list.map((entry) => (entry.channelId === channelId ? { ...entry, ...fields } : entry)),
      );
    switch (method) {
      case 'telegram.memberships.list':
        return { memberships: list };
      case 'telegram.memberships.join': {
        const parsed = parseJoinTarget((input as { target: string }).target);
        const found =
          'error' in parsed
            ? undefined
            : this.joinable.get(parsed.kind === 'username' ? parsed.username : parsed.hash);
        if (!found) {
          const message = 'This invite link does not exist; check it for typos.';
          throw new ApiError('invalid_input', message, [{ path: 'target', message }]);
        }
        const warnings = this.muteFails
          ? [`Joined ${found.title}, but it could not be muted: PEER_ID_INVALID`]
          : [];
        this.memberships.set(configName, [...list, { ...found, muted: !this.muteFails, gagged: true }]);
        return { channelId: found.channelId, title: found.title, warnings };
      }
      case 'telegram.memberships.leave':
        this.memberships.set(
          configName,
          list.filter((entry) => entry.channelId !== channelId),
        );
        return { channelId };
      case 'telegram.memberships.setMuted': {
        const { muted } = input as { muted: boolean };
        update({ muted });
        return { channelId, muted };
      }
      case 'telegram.memberships.setGagged': {
        const { gagged } = input as { gagged: boolean };
        update({ gagged });
        return { channelId, gagged };
      }
      case 'telegram.memberships.photo':
        return { dataUrl: null };
    }
  }
}
