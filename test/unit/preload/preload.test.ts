import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TroupeBridge } from '../../../src/shared/api/bridge';
import { IPC_CALL_CHANNEL, IPC_EVENT_CHANNEL } from '../../../src/shared/api/channels';

/**
 * A renderer-side `ipcRenderer` whose main process answers every invoke by echoing it, and a
 * `contextBridge` that records what the preload exposes.
 */
const electron = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const invoked: unknown[][] = [];
  const exposed = new Map<string, unknown>();
  const ipcRenderer = Object.assign(new EventEmitter(), {
    async invoke(channel: string, ...args: unknown[]): Promise<unknown> {
      invoked.push([channel, ...args]);
      return { ok: true, result: { channel, args } };
    },
  });
  return { invoked, exposed, ipcRenderer };
});

vi.mock('electron', () => ({
  ipcRenderer: electron.ipcRenderer,
  contextBridge: {
    exposeInMainWorld(key: string, api: unknown): void {
      electron.exposed.set(key, api);
    },
  },
}));

async function loadBridge(): Promise<TroupeBridge> {
  await import('../../../src/preload/index');
  return electron.exposed.get('troupe') as TroupeBridge;
}

describe('preload', () => {
  beforeEach(() => {
    electron.invoked.length = 0;
    electron.ipcRenderer.removeAllListeners();
  });

  it('exposes exactly window.troupe with call and onEvent, and no Electron object', async () => {
    const bridge = await loadBridge();
    expect([...electron.exposed.keys()]).toEqual(['troupe']);
    expect(Object.keys(bridge).sort()).toEqual(['call', 'onEvent']);
    expect(Object.values(bridge).every((value) => typeof value === 'function')).toBe(true);
    expect(Object.values(bridge)).not.toContain(electron.ipcRenderer);
  });

  it('forwards a call over the call channel and returns the main process outcome', async () => {
    const bridge = await loadBridge();
    const outcome = await bridge.call('agents.list', { includeStopped: true });
    expect(electron.invoked).toEqual([[IPC_CALL_CHANNEL, 'agents.list', { includeStopped: true }]]);
    expect(outcome).toEqual({
      ok: true,
      result: { channel: IPC_CALL_CHANNEL, args: ['agents.list', { includeStopped: true }] },
    });
  });

  it.each([[42], [null], [''], [{ toString: () => 'agents.list' }]])(
    'answers a call whose method is %j as invalid input without reaching the main process',
    async (method) => {
      const bridge = await loadBridge();
      const outcome = await bridge.call(method as unknown as string, {});
      expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(electron.invoked).toEqual([]);
    },
  );

  it('delivers events as (name, payload) without the IPC event object', async () => {
    const bridge = await loadBridge();
    const received: unknown[][] = [];
    bridge.onEvent((...args) => received.push(args));
    const ipcEvent = { sender: electron.ipcRenderer, ports: [] };
    electron.ipcRenderer.emit(IPC_EVENT_CHANNEL, ipcEvent, 'agents.changed', { id: 'alice' });
    electron.ipcRenderer.emit('some:other-channel', ipcEvent, 'agents.changed', { id: 'bob' });
    expect(received).toEqual([['agents.changed', { id: 'alice' }]]);
  });

  it('stops delivering events after unsubscribing', async () => {
    const bridge = await loadBridge();
    const received: string[] = [];
    const unsubscribe = bridge.onEvent((name) => received.push(name));
    unsubscribe();
    electron.ipcRenderer.emit(IPC_EVENT_CHANNEL, {}, 'agents.changed', {});
    expect(received).toEqual([]);
    expect(electron.ipcRenderer.listenerCount(IPC_EVENT_CHANNEL)).toBe(0);
  });

  it('refuses a listener that is not a function', async () => {
    const bridge = await loadBridge();
    expect(() => bridge.onEvent('alert(1)' as unknown as () => void)).toThrow(TypeError);
    expect(electron.ipcRenderer.listenerCount(IPC_EVENT_CHANNEL)).toBe(0);
  });
});
