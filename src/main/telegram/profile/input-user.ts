import { Api, utils } from 'telegram';
import type { AccountContext } from '../port/account-context';

/**
 * The input peer of a marked id: the agent itself, a basic group, someone or something the
 * port's caches know, else one GramJS met in any answer or update of this session.
 */
export async function inputPeerOf(context: AccountContext, channelId: number): Promise<Api.TypeInputPeer> {
  try {
    return await context.inputPeer(channelId);
  } catch (error) {
    const fromClient = await context.account
      .withClient('getInputEntity', (client) => client.getInputEntity(channelId))
      .catch(() => null);
    if (fromClient) return fromClient;
    throw error;
  }
}

/** The input user of a marked user id, found as inputPeerOf finds any peer. */
export async function inputUserOf(context: AccountContext, userId: number): Promise<Api.TypeInputUser> {
  if (userId === context.selfId) return new Api.InputUserSelf();
  return utils.getInputUser(await inputPeerOf(context, userId));
}
