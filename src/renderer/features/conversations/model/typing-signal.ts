/** How often the composer tells the Simulator that the person is typing. */
export const TYPING_SIGNAL_INTERVAL_MS = 4_000;

/** Whether a keystroke should send another "typing…" signal, given when the last one went out. */
export function shouldSignalTyping(
  lastSignalAt: number | null,
  now: number,
  intervalMs = TYPING_SIGNAL_INTERVAL_MS,
): boolean {
  return lastSignalAt === null || now - lastSignalAt >= intervalMs;
}
