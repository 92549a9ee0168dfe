import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * Profiles of one phase of a benchmark, written to `$TROUPE_BENCH_PROFILE/` when that variable
 * names a folder; nothing otherwise. A whole-run `--cpu-prof` mixes the setup into the figures;
 * this keeps only what the phase measures. Two files, both opened in Chrome's DevTools:
 * `<name>.cpuprofile`, where the CPU went, and `<name>.heapprofile`, what the phase allocated
 * that no young-generation collection freed (still alive, or freed by a full collection): mostly
 * what lived long enough to reach the old generation, which makes full collections come often
 * and pause every conversation. Profiling slows the phase, so the figures printed alongside are
 * not the benchmark's own.
 */
export async function profilePhase<T>(name: string, phase: () => Promise<T>): Promise<T> {
  const folder = process.env.TROUPE_BENCH_PROFILE;
  if (!folder) return phase();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: false,
  });
  try {
    return await phase();
  } finally {
    try {
      const { profile } = await session.post('Profiler.stop');
      const heap = await session.post('HeapProfiler.stopSampling');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
      writeFileSync(join(folder, `${name}.heapprofile`), JSON.stringify(heap.profile));
    } finally {
      session.disconnect();
    }
  }
}
