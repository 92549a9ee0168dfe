import { describe, expect, it } from 'vitest';
import {
  demoteHeadingsOutsideCodeFences,
  hasUnclosedCodeFence,
  splitLevelOneSections,
} from '../../../src/main/config/markdown-sections';

describe('demoteHeadingsOutsideCodeFences', () => {
  it('turns level-1 headings into level-2 and leaves deeper ones alone', () => {
    expect(demoteHeadingsOutsideCodeFences('# Title\ntext\n## Sub\n### Deeper\n#tag')).toBe(
      '## Title\ntext\n## Sub\n### Deeper\n#tag',
    );
  });

  it('leaves backtick and tilde fenced blocks untouched', () => {
    const input = '# A\n```python\n# comment\n```\n# B\n~~~\n# note\n~~~\n# C';
    expect(demoteHeadingsOutsideCodeFences(input)).toBe(
      '## A\n```python\n# comment\n```\n## B\n~~~\n# note\n~~~\n## C',
    );
  });

  it('only closes a fence with the same character, at least as long', () => {
    const input = '````\n```\n# inside\n~~~\n# still inside\n````\n# outside';
    expect(demoteHeadingsOutsideCodeFences(input)).toBe(
      '````\n```\n# inside\n~~~\n# still inside\n````\n## outside',
    );
  });

  it('treats an unclosed fence as running to the end', () => {
    expect(demoteHeadingsOutsideCodeFences('# A\n```\n# B')).toBe('## A\n```\n# B');
  });

  it('does not take inline code for a fence', () => {
    expect(demoteHeadingsOutsideCodeFences('```a` b```\n# A')).toBe('```a` b```\n## A');
  });
});

describe('hasUnclosedCodeFence', () => {
  it('tells closed from unclosed fences', () => {
    expect(hasUnclosedCodeFence('```\ncode\n```')).toBe(false);
    expect(hasUnclosedCodeFence('text only')).toBe(false);
    expect(hasUnclosedCodeFence('```\ncode')).toBe(true);
    expect(hasUnclosedCodeFence('~~~~\ncode\n~~~')).toBe(true);
  });
});

describe('splitLevelOneSections', () => {
  it('gives each section its heading line, trimmed body and the line its body starts on', () => {
    expect(splitLevelOneSections('intro\n\n# One\n\n a \n\n#  Two  \nb\n# Three')).toEqual({
      preamble: 'intro',
      sections: [
        { heading: 'One', line: 3, body: 'a', bodyLine: 5 },
        { heading: 'Two', line: 7, body: 'b', bodyLine: 8 },
        { heading: 'Three', line: 9, body: '', bodyLine: 9 },
      ],
    });
  });
});
