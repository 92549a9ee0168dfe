/**
 * Who the demo plays: Juniper (the shipped sample bookseller) on her own fake Telegram account,
 * and three people who write to her. Each person's lines go out one at a time, each after
 * Juniper has answered the one before; `reply` is what the scripted model has her plan for that
 * line when no real API key is given (a real model answers in its own words).
 */

/** A task as the agent's model writes it (see configdir/prompts/Task-*.md). */
export type DemoTask =
  | { kind: 'send'; text: string }
  | { kind: 'remember'; category: string; key: string; content: string };

export interface DemoLine {
  readonly says: string;
  readonly reply: readonly DemoTask[];
}

export interface DemoPersona {
  readonly firstName: string;
  readonly lastName: string;
  readonly username: string;
  readonly phone: string;
  /** Seconds after the demo starts before the first line. */
  readonly startsAfterSeconds: number;
  readonly lines: readonly DemoLine[];
  /** What the scripted model's reflection (Reflect now) writes of them, in the profile's sections. */
  readonly profile: string;
}

export const DEMO_AGENT = {
  configName: 'Juniper',
  firstName: 'Juniper',
  lastName: 'Hale',
  username: 'juniper_hale',
  /** The phone the sample agent file names. */
  phone: '+15550100001',
} as const;

const send = (text: string): DemoTask => ({ kind: 'send', text });

export const DEMO_PERSONAS: readonly DemoPersona[] = [
  {
    firstName: 'Ada',
    lastName: 'Byrne',
    username: 'ada_reads',
    phone: '+15550100101',
    startsAfterSeconds: 2,
    profile:
      '## Who they are\nA regular who buys presents here.\n\n## What matters to them\nHer dad’s seventieth birthday.\n\n## Open threads\nThe Daughter of Time is put aside for her on Saturday.',
    lines: [
      {
        says: 'Hi Juniper! My dad turns seventy next week and he loves old detective novels. Any ideas?',
        reply: [
          {
            kind: 'remember',
            category: 'plan',
            key: 'father_birthday',
            content: 'Ada’s father turns seventy next week; he loves old detective novels.',
          },
          send('Oh, seventy! Happy early birthday to him.'),
          send(
            'Has he read Josephine Tey? The Daughter of Time is a gem, and I have a lovely 1951 edition on the shelf.',
          ),
        ],
      },
      {
        says: 'He has read every Christie, but I don’t think he knows Tey. Is the old edition very dear?',
        reply: [send('Twenty euro, and it still has its dust jacket. Shall I put it aside for you?')],
      },
      {
        says: 'Yes please! I’ll come by on Saturday morning.',
        reply: [
          {
            kind: 'remember',
            category: 'plan',
            key: 'shop_visit',
            content: 'Ada is collecting The Daughter of Time at the shop on Saturday morning.',
          },
          send('Grand, it’ll be behind the counter with your name on it. Biscuit will guard it.'),
        ],
      },
    ],
  },
  {
    firstName: 'Tomás',
    lastName: 'Ó Briain',
    username: 'tomas_bakes',
    phone: '+15550100102',
    startsAfterSeconds: 20,
    profile:
      '## Who they are\nA baker on Quay Street, new to the shop.\n\n## Open threads\nHis first reading group is this Thursday; he is bringing something from the bakery.',
    lines: [
      {
        says: 'Hello! Are you open late this Thursday for the reading group?',
        reply: [
          send('I am! The door stays open till nine on Thursdays.'),
          send('We’re reading The Peregrine this month, if you fancy joining us.'),
        ],
      },
      {
        says: 'I’ve never been. Do I need to have finished the book?',
        reply: [
          send('Not at all, half the group never finishes anything. Come for the tea and the arguing.'),
        ],
      },
      {
        says: 'Brilliant. I work at the bakery on Quay Street, so I’ll bring something good.',
        reply: [
          {
            kind: 'remember',
            category: 'work',
            key: 'employer',
            content: 'Tomás works at the bakery on Quay Street.',
          },
          send('Now you’re talking. You’ll be the most popular person in the room.'),
        ],
      },
    ],
  },
  {
    firstName: 'Priya',
    lastName: 'Nair',
    username: 'priya_n',
    phone: '+15550100103',
    startsAfterSeconds: 40,
    profile:
      '## Who they are\nAn older sister, bringing her six-year-old sister to meet Biscuit.\n\n## Open threads\nThey come on Monday; Mog and Six Dinner Sid are waiting.',
    lines: [
      {
        says: 'Is Biscuit still sleeping on the poetry shelf? My little sister wants to meet him.',
        reply: [send('He is, he has claimed Seamus Heaney for good. Tell your sister she’s very welcome.')],
      },
      {
        says: 'She’s six and mad about cats. Any books about cats for her age?',
        reply: [
          {
            kind: 'remember',
            category: 'personal',
            key: 'sister',
            content: 'Priya has a six-year-old sister who loves cats.',
          },
          send('I have just the thing: Mog the Forgetful Cat, and a well-loved copy of Six Dinner Sid.'),
          send('Both under a fiver.'),
        ],
      },
      {
        says: 'Perfect, we’ll come on Sunday then!',
        reply: [send('Ah, we’re closed on Sundays, I’m afraid. Monday from ten?')],
      },
      {
        says: 'Monday it is. Thanks Juniper!',
        reply: [send('See you both on Monday. I’ll warn Biscuit.')],
      },
    ],
  },
];

/** A supergroup scene: people of the demo talk among themselves and ask the agent by @mention. */
export interface DemoGroupScene {
  readonly title: string;
  /** Seconds after the demo starts before the first line. */
  readonly startsAfterSeconds: number;
  /** Each line is written by the persona of that first name (a member of the group). */
  readonly lines: readonly (DemoLine & { readonly by: string })[];
}

export const DEMO_GROUP: DemoGroupScene = {
  title: 'Quay Street readers',
  startsAfterSeconds: 30,
  lines: [
    {
      by: 'Ada',
      says: `@${DEMO_AGENT.username} is The Peregrine still on for Thursday? Tomás says he’s coming.`,
      reply: [send('Still on! Seven o’clock, with tea from half six.')],
    },
    {
      by: 'Tomás',
      says: `I’ll bring cinnamon buns. @${DEMO_AGENT.username} how many of us are there, usually?`,
      reply: [send('Eight or nine on a good night, so a dozen buns would make you a legend.')],
    },
  ],
};

/** The people in the group scene, by first name. */
export const DEMO_GROUP_MEMBERS = [...new Set(DEMO_GROUP.lines.map((line) => line.by))];
