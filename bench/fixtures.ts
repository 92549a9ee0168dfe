import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchTempDir } from './temp-dirs';

/** A config directory the size of a large deployment: many agents, prompts and curated media. */
export function writeLargeConfigDir(agentCount: number, mediaCount: number): string {
  const dir = benchTempDir('troupe-bench-');
  mkdirSync(join(dir, 'agents'));
  mkdirSync(join(dir, 'prompts'));
  mkdirSync(join(dir, 'media'));
  writeFileSync(
    join(dir, 'prompts', 'Instructions.md'),
    '<!-- SCHEMA_TASKS: send, think -->\nReply in JSON.',
  );
  writeFileSync(join(dir, 'prompts', 'Persona.md'), 'Speak plainly.\n'.repeat(200));
  const instructions = 'A paragraph about who I am and how I talk.\n'.repeat(120);
  for (let index = 0; index < agentCount; index += 1) {
    writeFileSync(
      join(dir, 'agents', `Agent${index}.md`),
      `# Agent Name\n\nAgent ${index}\n\n# Agent Phone\n\n+1555010${String(index).padStart(4, '0')}\n\n` +
        `# Agent Timezone\n\nEurope/Paris\n\n# Role Prompt\n\nPersona\n\n# Agent Instructions\n\n${instructions}`,
    );
  }
  for (let index = 0; index < mediaCount; index += 1) {
    const id = String(1_000_000 + index);
    writeFileSync(join(dir, 'media', `${id}.webp`), 'RIFF');
    writeFileSync(
      join(dir, 'media', `${id}.json`),
      JSON.stringify({
        unique_id: id,
        kind: 'sticker',
        description: 'A cartoon duck waving.',
        status: 'curated',
        media_file: `${id}.webp`,
        sticker_set_name: 'Ducks',
        sticker_name: '👋',
      }),
    );
  }
  return dir;
}
