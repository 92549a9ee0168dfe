import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { TroupeBridge } from '../shared/api/bridge';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../shared/api/channels';
import type { CallOutcome } from '../shared/api/wire';

type BridgeIpc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

/**
 * The renderer's whole view of the main process: call a procedure, listen to events. Neither
 * `ipcRenderer` nor an `IpcRendererEvent` (whose `sender` is `ipcRenderer`) ever reaches the page.
 */
export function createBridge(ipc: BridgeIpc): TroupeBridge {
  return {
    call(method: unknown, input: unknown): Promise<CallOutcome> {
      if (typeof method !== 'string' || method === '') {
        return Promise.resolve({
          ok: false,
          error: { code: 'invalid_input', message: 'An API call needs a procedure name.' },
        });
      }
      return ipc.invoke(IPC_CALL_CHANNEL, method, input) as Promise<CallOutcome>;
    },
    onEvent(listener: unknown): () => void {
      if (typeof listener !== 'function') throw new TypeError('onEvent needs a listener function.');
      const forward = (_event: IpcRendererEvent, name: unknown, payload: unknown): void => {
        if (typeof name === 'string') listener(name, payload);
      };
      ipc.on(IPC_EVENT_CHANNEL, forward);
      return () => {
        ipc.removeListener(IPC_EVENT_CHANNEL, forward);
      };
    },
  };
}
