import { Api } from 'telegram';
import type { MethodTable } from '../method-table';
import type { MethodDeps } from './deps';

/** help.*, updates.* and presence: the configuration and the update state. */
export function registerServiceMethods(
  table: MethodTable,
  { store, dc, messaging, updateLog, views }: MethodDeps,
): void {
  table.on(Api.help.GetConfig, () => config(dc), { needsLogin: false });
  table.on(
    Api.help.GetNearestDc,
    () => new Api.NearestDc({ country: 'XX', thisDc: dc.id, nearestDc: dc.id }),
    { needsLogin: false },
  );

  table.on(Api.updates.GetState, (_request, context) => {
    const me = context.me();
    const box = store.mailbox(me.id);
    let unreadCount = 0;
    for (const dialog of box.dialogs.values()) unreadCount += messaging.unreadCount(me.id, dialog);
    return new Api.updates.State({ pts: box.pts, qts: 0, date: now(), seq: 0, unreadCount });
  });

  // Presence is not modelled; clients still report it.
  table.on(Api.account.UpdateStatus, () => true);

  // What the client missed since its pts, from the mailbox's update log.
  table.on(Api.updates.GetDifference, (request, context) =>
    updateLog.difference(store, views, context.me().id, request.pts),
  );
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * The fake's one DC must be listed in dcOptions: GramJS looks file DCs up there and, not finding
 * one, retries downloads forever.
 */
function config(dc: MethodDeps['dc']): Api.Config {
  return new Api.Config({
    date: now(),
    expires: now() + 3600,
    testMode: false,
    thisDc: dc.id,
    dcOptions: [new Api.DcOption({ id: dc.id, ipAddress: dc.host, port: dc.port })],
    dcTxtDomainName: 'fake.telegram.invalid',
    chatSizeMax: 200,
    megagroupSizeMax: 200_000,
    forwardedCountMax: 100,
    onlineUpdatePeriodMs: 210_000,
    offlineBlurTimeoutMs: 5_000,
    offlineIdleTimeoutMs: 30_000,
    onlineCloudTimeoutMs: 300_000,
    notifyCloudDelayMs: 30_000,
    notifyDefaultDelayMs: 1_500,
    pushChatPeriodMs: 60_000,
    pushChatLimit: 2,
    editTimeLimit: 172_800,
    revokeTimeLimit: 2_147_483_647,
    revokePmTimeLimit: 2_147_483_647,
    ratingEDecay: 2_419_200,
    stickersRecentLimit: 200,
    channelsReadMediaPeriod: 604_800,
    callReceiveTimeoutMs: 20_000,
    callRingTimeoutMs: 90_000,
    callConnectTimeoutMs: 30_000,
    callPacketTimeoutMs: 10_000,
    meUrlPrefix: 'https://t.me/',
    captionLengthMax: 1024,
    messageLengthMax: 4096,
    webfileDcId: dc.id,
  });
}
