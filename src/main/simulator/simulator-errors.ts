import { MessagingError } from '../messaging/port';

export type SimulatedThing = 'chat' | 'person' | 'message' | 'sticker';

/**
 * A chat, person, message or sticker the Simulator does not have. It is a permanent
 * MessagingError, so the engine treats it like Telegram's "peer/message id invalid".
 */
export class SimulatorNotFoundError extends MessagingError {
  constructor(
    readonly thing: SimulatedThing,
    message: string,
  ) {
    super(message, { retryable: false });
    this.name = 'SimulatorNotFoundError';
  }
}

/** An operator action the simulated network refuses (a taken username, an empty message, ...). */
export class SimulatorInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SimulatorInputError';
  }
}
