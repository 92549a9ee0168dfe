import { migration001Initial } from './001-initial';
import type { Migration } from './migration';

/** Every migration, in the order they run. Append only. */
export const MIGRATIONS: readonly Migration[] = [migration001Initial];
