import { describe, expect, it } from 'vitest';
import { heapGrowthFlag } from '../../../src/main/runtime/heap-growth';

describe('the heap growth the runtime sets', () => {
  it('limits growth to a tenth unless the operator chose it on the command line', () => {
    expect(heapGrowthFlag([])).toBe('--heap-growing-percent=10');
    expect(heapGrowthFlag(['--enable-source-maps', '--max-old-space-size=512'])).toBe(
      '--heap-growing-percent=10',
    );
    expect(heapGrowthFlag(['--heap-growing-percent=0'])).toBeNull();
    expect(heapGrowthFlag(['--trace-gc', '--heap-growing-percent', '30'])).toBeNull();
    expect(heapGrowthFlag(['--heap-growing-percent-ish=1'])).toBe('--heap-growing-percent=10');
  });
});
