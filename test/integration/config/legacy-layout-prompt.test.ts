import { describe, expect, it } from 'vitest';
import { loadConfig, PromptLibrary } from '../../../src/main/config';
import { buildSystemPrompt } from '../../../src/main/prompt';
import { tempTreesCleanedAfterEach } from '../../unit/config/temp-tree';
import { directChat, entry } from '../../unit/prompt/prompt-input';

const trees = tempTreesCleanedAfterEach();

const prompt = (kinds: string, heading: string) =>
  `<!-- SCHEMA_TASKS: ${kinds} -->\n\n# ${heading}\n\nHow to.\n`;

/**
 * A configuration laid out as older agent setups are: a samples directory with the agents (one
 * with a folder of its own docs), its persona prompts and a default agent, and a config
 * directory with the instructions and every capability prompt, each naming its task kinds.
 */
const LEGACY_LAYOUT = {
  'samples/DefaultAgent.md':
    '# Agent Name\n\nNew Agent\n\n# Agent Phone\n\n+10000000000\n\n# Agent Instructions\n\nBe yourself.\n',
  'samples/agents/Hedda.md': [
    '# Agent Name\n\nHedda\n',
    '# Agent Phone\n\n+12345678901\n',
    '# Agent Timezone\n\nAmerica/Los_Angeles\n',
    '# Agent Sticker Sets\n\nDuckSet\n',
    '# Role Prompt\n\nTask-Memory\nTask-Retrieve\nTask-XSend\nTask-Photo\nTask-Plan\nTask-Event\nTask-Summarize\nTask-Schedule\nPerson\n',
    '# Daily Schedule\n\nSchool on weekdays from 8 to 3, homework after, asleep by 11.\n',
    '# Agent Instructions\n\nYou are Hedda, a curious student.\n',
    '# Disabled\n',
  ].join('\n'),
  'samples/agents/Hedda/docs/reading-list.md': '# Reading list\n\n- Tristes Tropiques\n',
  'samples/agents/Dungeon.md': [
    '# Agent Name\n\nDungeon\n',
    '# Agent Phone\n\n+12345678902\n',
    '# Role Prompt\n\nTask-Memory\nAdventure\n',
    '# Agent Instructions\n\nYou run the game.\n',
    '# Disabled\n',
  ].join('\n'),
  'samples/prompts/Person.md': '# Being A Person\n\nYou are {char}, talking with {user}.\n',
  'samples/prompts/Adventure.md': '# Running The Adventure\n\nDescribe the room.\n',
  'configdir/prompts/Instructions.md': prompt(
    'send, sticker, react, wait, block, unblock, think',
    'How You Reply',
  ),
  'configdir/prompts/Task-Memory.md': prompt('remember, note', 'Remembering'),
  'configdir/prompts/Task-Retrieve.md': prompt('retrieve', 'Looking Things Up'),
  'configdir/prompts/Task-XSend.md': prompt('xsend', 'Other Chats'),
  'configdir/prompts/Task-Photo.md': prompt('photo', 'Sending Photos'),
  'configdir/prompts/Task-Plan.md': prompt('plan, intend', 'Planning'),
  'configdir/prompts/Task-Event.md': prompt('event', 'Reminders'),
  'configdir/prompts/Task-Summarize.md': prompt('summarize', 'Summaries'),
  'configdir/prompts/Task-Schedule.md': prompt('schedule, retrieve', 'Your Schedule'),
};

const NOW = new Date('2026-03-02T18:00:00Z');

describe('an agent directory laid out as older setups are', () => {
  it('loads without a problem and gives each agent every section of its prompt, in order', async () => {
    const root = await trees.create(LEGACY_LAYOUT);
    const config = await loadConfig([`${root}/samples`, `${root}/configdir`]);
    expect(config.problems).toEqual([]);
    expect(config.agents.map((agent) => agent.configName)).toEqual(['Dungeon', 'Hedda']);

    const library = new PromptLibrary(config.configDirs);
    const hedda = config.agents.find((agent) => agent.configName === 'Hedda')!;
    const rolePrompts = [];
    for (const name of hedda.rolePrompts) rolePrompts.push({ name, text: await library.load(name) });
    const chat = directChat();
    const built = buildSystemPrompt({
      agent: hedda,
      agentId: 7001,
      chat,
      instructions: await library.load('Instructions'),
      rolePrompts,
      stickers: [
        { setName: 'DuckSet', setTitle: 'Ducks', name: '🦆', uniqueId: 's1', description: 'a duck' },
      ],
      media: [{ uniqueId: 'm1', kind: 'photo', description: 'a beach' }],
      memories: [entry('memory-1', 'Priya likes tea.')],
      intentions: [entry('intention-1', 'Finish the essay.')],
      notes: [entry('note-1', 'Priya has an exam on Friday.')],
      plans: [entry('plan-1', 'Ask about the exam.')],
      people: [],
      summaries: [
        {
          id: 'summary-1',
          content: 'They met at the library.',
          minMessageId: 1,
          maxMessageId: 40,
          firstMessageDate: '2026-02-20',
          lastMessageDate: '2026-02-21',
          created: '2026-02-21',
          origin: 'agent',
        },
      ],
      events: {
        upcoming: [
          {
            conversation: { agent: 'Hedda', network: 'simulator', channelId: chat.channelId },
            id: 'exam',
            intent: 'Wish Priya luck.',
            dueAt: new Date('2026-03-06T16:00:00Z'),
            intervalSeconds: null,
            remaining: null,
            revision: 1,
            firedCount: 0,
            lastFiredAt: null,
            createdAt: NOW,
            updatedAt: NOW,
          },
        ],
        refused: [],
      },
      schedule: [
        {
          id: 'act-homework',
          start: '2026-03-02T16:00:00.000Z',
          end: '2026-03-02T19:00:00.000Z',
          name: 'Homework',
          responsiveness: 40,
          description: 'Essay on kinship',
        },
      ],
      now: NOW,
      timeZone: hedda.timezone!,
      turn: { xsendIntent: null, newConversation: false, targetMessageId: 5121, reactionMessageIds: [] },
    });

    // The sections older setups expect, in their order, but for two deliberate moves that keep the
    // system prompt a cacheable prefix: the plan and intentions follow the operator's texts (they
    // change now and then) instead of leading, and what changes every turn (the time, the current
    // activity, why it is the agent's turn) goes after the history instead of inside the prompt.
    expect(built.sections.map((section) => section.id)).toEqual([
      'instructions',
      'agent-instructions',
      'role:Task-Memory',
      'role:Task-Retrieve',
      'role:Task-XSend',
      'role:Task-Photo',
      'role:Task-Plan',
      'role:Task-Event',
      'role:Task-Summarize',
      'role:Task-Schedule',
      'role:Person',
      'stickers',
      'media',
      'memories',
      'intentions',
      'notes',
      'plan',
      'events',
      'channel-details',
      'summaries',
    ]);
    expect(built.turnSections.map((section) => section.id)).toEqual([
      'current-time',
      'current-activity',
      'turn-instructions',
    ]);
    expect(built.allowedKinds).toEqual([
      'think',
      'send',
      'sticker',
      'send_media',
      'react',
      'wait',
      'block',
      'unblock',
      'xsend',
      'remember',
      'note',
      'plan',
      'intend',
      'summarize',
      'event',
      'schedule',
      'retrieve',
    ]);
  });
});
