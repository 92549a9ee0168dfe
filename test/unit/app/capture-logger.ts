import { createLogger, type Logger } from '../../../src/main/logging';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A real pino logger whose lines a test can read back. */
export function captureLogger(): { logger: Logger; lines: LogLine[]; warnings: () => LogLine[] } {
  const lines: LogLine[] = [];
  const logger = createLogger({
    level: 'debug',
    destination: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
  });
  // pino's numeric level for warn is 40.
  return { logger, lines, warnings: () => lines.filter((line) => line.level === 40) };
}
