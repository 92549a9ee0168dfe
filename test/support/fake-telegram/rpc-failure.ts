/**
 * An RPC error as Telegram reports it: an HTTP-like code and an UPPER_SNAKE message. Method
 * handlers throw it; the session layer turns it into rpc_error, which GramJS raises as its
 * matching error class (FloodWaitError for FLOOD_WAIT_X, and so on).
 */
export class RpcFailure extends Error {
  readonly code: number;
  readonly errorMessage: string;

  constructor(code: number, errorMessage: string) {
    super(`${code} ${errorMessage}`);
    this.name = 'RpcFailure';
    this.code = code;
    this.errorMessage = errorMessage;
  }
}

export const badRequest = (message: string) => new RpcFailure(400, message);
export const unauthorized = (message: string) => new RpcFailure(401, message);
export const forbidden = (message: string) => new RpcFailure(403, message);
