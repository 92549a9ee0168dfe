import { agentPath } from '../agents/paths';

/** An agent's Profile tab (`#/agents/:configName/profile`): its Telegram profile. */
export function agentProfilePath(configName: string): string {
  return `${agentPath(configName)}/profile`;
}

/** An agent's Contacts tab (`#/agents/:configName/contacts`): its Telegram contacts. */
export function agentContactsPath(configName: string): string {
  return `${agentPath(configName)}/contacts`;
}

/** An agent's Groups tab (`#/agents/:configName/groups`): the groups and channels it is in. */
export function agentGroupsPath(configName: string): string {
  return `${agentPath(configName)}/groups`;
}
