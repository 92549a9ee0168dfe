import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAgentMarkdown } from '../../../../src/main/config';
import { TelegramIdWriteError, writeTelegramIdToAgentFile } from '../../../../src/main/telegram/login';

const AGENT = `# Agent Name

Ada

# Agent Phone

+44 7700 900123

# Agent Instructions

Be kind.
\`\`\`
# Telegram ID
not a section: this is inside a code fence
\`\`\`
`;

describe('writeTelegramIdToAgentFile', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'troupe-telegram-id-'));
    file = join(dir, 'Ada.md');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const read = () => readFileSync(file, 'utf8');
  const parsedId = () =>
    parseAgentMarkdown(read(), { configName: 'Ada', configDir: dir, file }).agent?.telegramId ?? null;

  it('adds the section after the phone, leaving every other line as it was', async () => {
    writeFileSync(file, AGENT);
    expect(await writeTelegramIdToAgentFile(file, 777000123)).toBe('written');
    expect(read()).toBe(
      AGENT.replace('+44 7700 900123\n\n', '+44 7700 900123\n\n# Telegram ID\n\n777000123\n\n'),
    );
    expect(parsedId()).toBe(777000123);
    expect(readdirSync(dir)).toEqual(['Ada.md']);
  });

  it('replaces only the value of an existing section, keeping CRLF line endings', async () => {
    const withId = `# Agent Name\r\n\r\nAda\r\n\r\n# Telegram ID\r\n\r\n  12345  \r\n\r\n# Agent Phone\r\n\r\n+1 555 0100\r\n\r\n# Agent Instructions\r\n\r\nHi.\r\n`;
    writeFileSync(file, withId);
    expect(await writeTelegramIdToAgentFile(file, 67890)).toBe('written');
    expect(read()).toBe(withId.replace('  12345  ', '67890'));
  });

  it('fills an empty section at the end of the file', async () => {
    writeFileSync(file, `${AGENT}\n# Telegram ID\n`);
    await writeTelegramIdToAgentFile(file, 42);
    expect(read()).toBe(`${AGENT}\n# Telegram ID\n\n42\n`);
    expect(parsedId()).toBe(42);
  });

  it('leaves a file that already has the id alone', async () => {
    const withId = AGENT.replace('# Agent Instructions', '# Telegram ID\n\n42\n\n# Agent Instructions');
    writeFileSync(file, withId);
    expect(await writeTelegramIdToAgentFile(file, 42)).toBe('unchanged');
    expect(read()).toBe(withId);
  });

  it('refuses a file that does not read as an agent, and leaves it as it is', async () => {
    const broken = '# Agent Name\n\nAda\n';
    writeFileSync(file, broken);
    await expect(writeTelegramIdToAgentFile(file, 42)).rejects.toBeInstanceOf(TelegramIdWriteError);
    expect(read()).toBe(broken);
  });
});
