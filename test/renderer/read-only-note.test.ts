import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReadOnlyNote } from '../../src/renderer/features/conversations/components/ReadOnlyNote';
import { textOf } from './support/render-markup';

describe('the note under a Telegram chat', () => {
  it('says the operator writes only as the agent, not that nobody but the agent writes', () => {
    const text = textOf(
      renderToStaticMarkup(
        createElement(MantineProvider, null, createElement(ReadOnlyNote, { agentName: 'Juniper' })),
      ),
    );
    expect(text).toContain('You write here only as Juniper');
    expect(text).not.toMatch(/read-only|only Juniper writes/i);
  });
});
