/** The store's time source; tests pass a fixed one. */
export type Now = () => Date;

export const systemNow: Now = () => new Date();
