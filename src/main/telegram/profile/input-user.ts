import { Api, utils } from 'telegram';
import type { AccountContext } from '../port/account-context';

/**
 * The input user of a marked user id: the agent itself, someone the port's caches know, else one
 * GramJS met in any answer or update of this session.
 */
export async function inputUserOf(context: AccountContext, userId: number): Promise<Api.TypeInputUser> {
  if (userId === context.selfId) return new Api.InputUserSelf();
  try {
    return await context.inputUser(userId);
  } catch (error) {
    const fromClient = await context.account
      .withClient('getInputEntity', (client) => client.getInputEntity(userId))
      .catch(() => null);
    if (fromClient) return utils.getInputUser(fromClient);
    throw error;
  }
}
