import { describe, expect, it } from 'vitest';
import {
  configNameProblem,
  deleteConfirmation,
  sameConfigName,
} from '../../../src/shared/domain/agent-config-name';

describe('an agent’s config name', () => {
  it('takes letters, digits, "-" and "_", starting with a letter or digit', () => {
    for (const name of ['Ada', 'ada_2', 'Night-Owl', '7seas', 'A'])
      expect(configNameProblem(name)).toBeNull();
  });

  it('says what to fix in anything else', () => {
    expect(configNameProblem('')).toBe('Enter a config name.');
    expect(configNameProblem('   ')).toBe('Enter a config name.');
    for (const name of ['Ada Lovelace', '../Ada', 'Ada.md', '-Ada', '_Ada', 'Zoë', 'a/b', 'a\\b', '.Ada']) {
      expect(configNameProblem(name)).toMatch(/letters, digits, "-" and "_" only/);
    }
    expect(configNameProblem('x'.repeat(65))).toMatch(/64 characters/);
    expect(configNameProblem('x'.repeat(64))).toBeNull();
    expect(configNameProblem('Media')).toBe('"Media" is reserved; choose another name.');
  });

  it('is the same name whatever its case, as file systems that ignore case see it', () => {
    expect(sameConfigName('Ada', 'ada')).toBe(true);
    expect(sameConfigName('Ada', 'Ada_2')).toBe(false);
  });

  it('is confirmed for deletion by typing DELETE and the name', () => {
    expect(deleteConfirmation('Ada')).toBe('DELETE Ada');
  });
});
