import { test } from 'vitest';
import { startTestRuntime } from '../test/support/runtime';
import { writeLargeConfigDir } from './fixtures';
import { benchTempDir } from './temp-dirs';

test('operator API, in process', async ({ bench }) => {
  const configDir = writeLargeConfigDir(200, 0);
  const stateDir = benchTempDir('troupe-bench-state-');
  const startedAt = performance.now();
  const runtime = await startTestRuntime({ stateDir, configDirs: [configDir] });
  console.log(`runtime start with 200 agents: ${(performance.now() - startedAt).toFixed(1)} ms`);
  try {
    await bench('agents.list (200 agents)', () => runtime.dispatch('agents.list', {})).run();
    await bench('agents.get', () => runtime.dispatch('agents.get', { configName: 'Agent100' })).run();
    await bench('secrets.set (encrypt + write)', () =>
      runtime.dispatch('secrets.set', { name: 'openai.apiKey', value: 'sk-bench-value' }),
    ).run();
  } finally {
    await runtime.close();
  }
  const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
  console.log(`heap used after the API benchmarks: ${heapMb.toFixed(1)} MB`);
});
