import type { ChannelPosts } from '../channel-posts';
import type { Inputs } from '../inputs';
import type { LoginDesk } from '../login-desk';
import type { Messaging } from '../messaging';
import type { Store } from '../store';
import type { UpdateLog } from '../update-log';
import type { Views } from '../views';

/** What the method handlers work with. */
export interface MethodDeps {
  readonly store: Store;
  readonly views: Views;
  readonly inputs: Inputs;
  readonly messaging: Messaging;
  /** Supergroups' and channels' messages, each channel with ids and a pts of its own. */
  readonly channelPosts: ChannelPosts;
  readonly login: LoginDesk;
  /** What each mailbox's pts moved through, for getDifference. */
  readonly updateLog: UpdateLog;
  /** The one data centre the fake plays. */
  readonly dc: { readonly id: number; readonly host: string; readonly port: number };
}
