import { register } from 'node:module';

// Node's own TypeScript support for the benchmarks' child processes: lighter than a transpiling
// loader, so their RSS is close to what the built runtime uses. The hooks add what the sources'
// extensionless imports need (see resolve-hooks.mjs).
register('./resolve-hooks.mjs', import.meta.url);
