/** Where a store's fetch of one thing stands; `ready` stays while a refresh runs or fails. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
