#!/usr/bin/env node
// The `troupe` command: a thin launcher for the built CLI (out/main/cli.js).
import { existsSync } from 'node:fs';

const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`Troupe needs Node.js 22 or newer; this is ${process.version}.`);
  process.exit(1);
}

const cli = new URL('../out/main/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('Troupe is not built yet: run `npm run build` in the Troupe folder first.');
  process.exit(1);
}

const { runCli } = await import(cli.href);
process.exitCode = await runCli(process.argv.slice(2));
// The command has finished and closed its store. A handle a library left open (GramJS can keep a
// socket or a reconnect timer past its client's destroy) must not keep Troupe running: the timer
// is unref'd, so it only fires when something else still holds the process.
setTimeout(() => process.exit(), 500).unref();
