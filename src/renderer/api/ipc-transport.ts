import type { TroupeBridge } from '../../shared/api/bridge';
import { BRIDGE_GLOBAL_NAME } from '../../shared/api/channels';
import type { ApiTransport } from '../../shared/api/client';
import type { CallOutcome } from '../../shared/api/wire';

/** The bridge the desktop preload exposes, when the console runs inside Electron. */
export function findDesktopBridge(scope: object): TroupeBridge | undefined {
  const candidate: unknown = Reflect.get(scope, BRIDGE_GLOBAL_NAME);
  if (typeof candidate !== 'object' || candidate === null) return undefined;
  const { call, onEvent } = candidate as Partial<TroupeBridge>;
  return typeof call === 'function' && typeof onEvent === 'function'
    ? (candidate as TroupeBridge)
    : undefined;
}

/**
 * The API transport over Electron IPC. The bridge already speaks the transport's shape; this
 * only turns a broken IPC channel (the main process gone or restarting) into an API error the
 * console can show, instead of an unhandled rejection.
 */
export function createIpcTransport(bridge: TroupeBridge): ApiTransport {
  return {
    async call(method, input): Promise<CallOutcome> {
      try {
        return await bridge.call(method, input);
      } catch {
        return {
          ok: false,
          error: {
            code: 'unavailable',
            message: 'The Troupe runtime did not answer. If this keeps happening, restart Troupe.',
          },
        };
      }
    },
    onEvent(listener) {
      return bridge.onEvent(listener);
    },
  };
}
