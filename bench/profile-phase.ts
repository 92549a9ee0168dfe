import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * A CPU profile of one phase of a benchmark, written to `$TROUPE_BENCH_PROFILE/<name>.cpuprofile`
 * (open it in Chrome's DevTools) when that variable names a folder; nothing otherwise. A whole-run
 * `--cpu-prof` mixes the setup into the figures; this keeps only what the phase measures.
 */
export async function profilePhase<T>(name: string, phase: () => Promise<T>): Promise<T> {
  const folder = process.env.TROUPE_BENCH_PROFILE;
  if (!folder) return phase();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await phase();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
