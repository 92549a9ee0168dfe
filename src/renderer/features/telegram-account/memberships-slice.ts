import type { ApiClient } from '../../../shared/api/client';
import type { Membership } from '../../../shared/api/telegram-membership-contract';

export interface MembershipActions {
  loadMemberships(configName: string): Promise<void>;
  /** Joins, then reads the list again; answers what the form says (the title, and the warnings). */
  joinGroup(configName: string, target: string): Promise<{ title: string; warnings: string[] }>;
  leaveGroup(configName: string, channelId: number): Promise<void>;
  setGroupMuted(configName: string, channelId: number, muted: boolean): Promise<void>;
  setGroupGagged(configName: string, channelId: number, gagged: boolean): Promise<void>;
}

/** How the slice reads and writes its part of the account store. */
interface MembershipsPart {
  /** What the store shows now (null until read). */
  current(configName: string): Membership[] | null;
  load(configName: string, fetch: () => Promise<Membership[]>): Promise<void>;
  show(configName: string, memberships: Membership[]): void;
}

/**
 * The agent's groups and channels: read when the tab opens, read again after a join (Telegram
 * names the new chat's details), and changed in place by what leave, mute and gag answer.
 */
export function membershipActions(api: ApiClient, part: MembershipsPart): MembershipActions {
  const list = async (configName: string) =>
    (await api.call('telegram.memberships.list', { configName })).memberships;
  const change = (configName: string, edit: (memberships: Membership[]) => Membership[]) => {
    const value = part.current(configName);
    if (value) part.show(configName, edit(value));
  };
  const patchOne = (configName: string, channelId: number, fields: Partial<Membership>) =>
    change(configName, (memberships) =>
      memberships.map((membership) =>
        membership.channelId === channelId ? { ...membership, ...fields } : membership,
      ),
    );
  return {
    loadMemberships: (configName) => part.load(configName, () => list(configName)),
    async joinGroup(configName, target) {
      const { title, warnings } = await api.call('telegram.memberships.join', { configName, target });
      await part.load(configName, () => list(configName));
      return { title, warnings };
    },
    async leaveGroup(configName, channelId) {
      await api.call('telegram.memberships.leave', { configName, channelId });
      change(configName, (memberships) =>
        memberships.filter((membership) => membership.channelId !== channelId),
      );
    },
    async setGroupMuted(configName, channelId, muted) {
      const answer = await api.call('telegram.memberships.setMuted', { configName, channelId, muted });
      patchOne(configName, channelId, { muted: answer.muted });
    },
    async setGroupGagged(configName, channelId, gagged) {
      const answer = await api.call('telegram.memberships.setGagged', { configName, channelId, gagged });
      patchOne(configName, channelId, { gagged: answer.gagged });
    },
  };
}
