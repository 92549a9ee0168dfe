import { afterAll } from 'vitest';
import { removeBenchTempDirs } from './temp-dirs';

// Vitest ends its workers without a normal exit, so the folders go once each file is done.
afterAll(removeBenchTempDirs);
