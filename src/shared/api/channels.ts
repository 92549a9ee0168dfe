// Names shared by the desktop preload and the main process. Kept free of zod so the sandboxed
// preload bundle stays tiny.

/** Electron IPC channel for calls (ipcRenderer.invoke). */
export const IPC_CALL_CHANNEL = 'troupe:call';
/** Electron IPC channel on which the main process pushes API events. */
export const IPC_EVENT_CHANNEL = 'troupe:event';
/** The renderer global under which the preload exposes the `TroupeBridge`. */
export const BRIDGE_GLOBAL_NAME = 'troupe';
