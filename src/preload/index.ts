/**
 * The sandboxed preload (built to out/preload/index.cjs): exposes the API transport as
 * `window.troupe` and nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL_NAME } from '../shared/api/channels';
import { createBridge } from './bridge';

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL_NAME, createBridge(ipcRenderer));
