import { describe, expect, it } from 'vitest';
import { parseCommandArgs, reportUsageError, UsageError } from '../../../src/main/cli/cli-options';

describe('parseCommandArgs', () => {
  it('reads the shared --state and --config-path besides the command’s own options', () => {
    const parsed = parseCommandArgs(
      ['--state', '/s', '--config-path', '/a:/b', '--port', '80', '--fast', 'Ada'],
      { options: { port: { type: 'string' }, fast: { type: 'boolean' } }, state: true, positionals: true },
    );
    if (parsed === 'help') throw new Error('expected arguments');
    expect(parsed.stateFlag).toBe('/s');
    expect(parsed.configPathOverride).toEqual(['/a', '/b']);
    expect(parsed.text('port')).toBe('80');
    expect(parsed.flag('fast')).toBe(true);
    expect(parsed.flag('qr')).toBe(false);
    expect(parsed.positionals).toEqual(['Ada']);
  });

  it('leaves what was not given undefined', () => {
    const parsed = parseCommandArgs([], { state: true });
    if (parsed === 'help') throw new Error('expected arguments');
    expect(parsed.stateFlag).toBeUndefined();
    expect(parsed.configPathOverride).toBeUndefined();
  });

  it.each([['-h'], ['--help']])('answers %s with help', (flag) => {
    expect(parseCommandArgs([flag], {})).toBe('help');
  });

  it.each([
    [['--config-path', ':'], '--config-path needs at least one directory.'],
    [['--state', '/s'], "Unknown option '--state'"],
    [['--verbose'], "Unknown option '--verbose'"],
    [['extra'], 'Unexpected argument'],
  ])('refuses %j with a usage error', (args, message) => {
    expect(() => parseCommandArgs(args, {})).toThrow(UsageError);
    expect(() => parseCommandArgs(args, {})).toThrow(message);
  });
});

describe('reportUsageError', () => {
  it('prints the problem, then the usage, and gives exit code 2', () => {
    let printed = '';
    const code = reportUsageError(new UsageError('--port needs a number.'), 'Usage: troupe x', (text) => {
      printed += text;
    });
    expect(code).toBe(2);
    expect(printed).toBe('--port needs a number.\n\nUsage: troupe x\n');
  });
});
