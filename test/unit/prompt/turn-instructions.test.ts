import { describe, expect, it } from 'vitest';
import { type TurnContext, turnInstructionsSection } from '../../../src/main/prompt/turn-instructions';

const quiet: TurnContext = {
  xsendIntent: null,
  newConversation: false,
  targetMessageId: null,
  reactionMessageIds: [],
};
const fill = (text: string) => text.replaceAll('{user}', 'Priya');

function headings(turn: Partial<TurnContext>): string[] {
  const section = turnInstructionsSection({ ...quiet, ...turn }, fill)!;
  return section.text.split('\n').filter((line) => line.startsWith('#'));
}

describe('turnInstructionsSection', () => {
  it('says "carrying on" only when nothing else applies', () => {
    expect(headings({})).toEqual(['# Your Turn', '## Carrying On']);
  });

  it('names the newly received message', () => {
    expect(headings({ targetMessageId: 5121 })).toEqual(['# Your Turn', '## New Message']);
    expect(turnInstructionsSection({ ...quiet, targetMessageId: 5121 }, fill)!.text).toContain(
      'Message 5121 has just arrived',
    );
  });

  it('names one or several reacted messages when no message is the target', () => {
    expect(headings({ reactionMessageIds: [40] })).toEqual(['# Your Turn', '## A Reaction']);
    const several = turnInstructionsSection({ ...quiet, reactionMessageIds: [40, 41, 40, 44] }, fill)!.text;
    expect(several).toContain('## Reactions\n');
    expect(several).toContain('your messages 40, 41 and 44.');
  });

  it('prefers the target message over reactions', () => {
    expect(headings({ targetMessageId: 50, reactionMessageIds: [40] })).toEqual([
      '# Your Turn',
      '## New Message',
    ]);
  });

  it('quotes the xsend intent as written, and lets it win over a new conversation', () => {
    const section = turnInstructionsSection(
      { ...quiet, xsendIntent: 'Ask {user} about\nthe cake.', newConversation: true, targetMessageId: 9 },
      fill,
    )!;
    expect(headings({ xsendIntent: 'x', newConversation: true, targetMessageId: 9 })).toEqual([
      '# Your Turn',
      '## A Note From Yourself',
      '## New Message',
    ]);
    expect(section.text).toContain('> Ask {user} about\n> the cake.');
    expect(section.text).toContain('`think`');
  });

  it('announces a new conversation, combined with the target message', () => {
    expect(headings({ newConversation: true, targetMessageId: 1 })).toEqual([
      '# Your Turn',
      '## First Contact',
      '## New Message',
    ]);
    expect(turnInstructionsSection({ ...quiet, newConversation: true }, fill)!.text).toContain(
      'conversation with Priya',
    );
  });

  it("quotes each scheduled event that came due as the agent's own reminder, in place of first contact", () => {
    const one = turnInstructionsSection(
      { ...quiet, eventIntents: ['Ask how the exam went'], newConversation: true },
      fill,
    )!;
    expect(one.text.split('\n').filter((line) => line.startsWith('#'))).toEqual([
      '# Your Turn',
      '## A Reminder You Set',
    ]);
    expect(one.text).toContain('> Ask how the exam went');
    const two = turnInstructionsSection({ ...quiet, eventIntents: ['Water the plants', 'Call Mum'] }, fill)!;
    expect(two.text).toContain('## Reminders You Set');
    expect(two.text).toContain('> Water the plants\n\n> Call Mum');
  });

  it('ignores a blank xsend intent', () => {
    expect(headings({ xsendIntent: '  ', newConversation: true })).toEqual([
      '# Your Turn',
      '## First Contact',
    ]);
  });

  it('is a per-turn section', () => {
    expect(turnInstructionsSection(quiet, fill)).toMatchObject({ id: 'turn-instructions', stable: false });
  });
});
