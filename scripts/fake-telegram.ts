import { parseArgs } from 'node:util';
import { startStandaloneFakeTelegram } from '../test/support/fake-telegram/standalone';

/**
 * `npm run fake-telegram [-- --control-port N]`: a local fake Telegram to point Troupe at, with
 * its control interface. Prints how to connect and runs until Ctrl-C or SIGTERM.
 */

const { values } = parseArgs({ options: { 'control-port': { type: 'string' } } });
const controlPort = values['control-port'] === undefined ? 0 : Number(values['control-port']);
if (!Number.isInteger(controlPort) || controlPort < 0 || controlPort > 65535) {
  console.error(`--control-port takes a port number, e.g. 7431 (got "${values['control-port']}").`);
  process.exit(2);
}

const standalone = await startStandaloneFakeTelegram({ controlPort });
console.log(standalone.describe());
console.log('\nCtrl-C stops it.');
await new Promise<void>((resolve) => {
  process.once('SIGINT', resolve);
  process.once('SIGTERM', resolve);
});
await standalone.close();
