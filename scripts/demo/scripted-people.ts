import { setTimeout as sleep } from 'node:timers/promises';
import type {
  ControlGroup,
  ControlMessage,
  ControlPerson,
  FakeTelegramControl,
} from '../../test/support/fake-telegram/control-client';
import type { DemoGroupScene, DemoPersona } from './personas';

/**
 * The demo's people, played through the fake Telegram's control interface: each starts on its
 * timer, types for a moment, writes its next line, and waits for the agent's answer (and a
 * pause to read it) before the next. A person whose answer does not come goes on after a while,
 * as people do. The group scene plays the same way, its members taking turns in the group.
 * What they say and what the agent answers is printed by the conversations' echo.
 */

const TYPING_MS = 2_000;
const POLL_MS = 1_000;
/** The agent may answer in several messages; the person reads on once none came for this long. */
const READING_MS = 4_000;
const GIVE_UP_MS = 120_000;

export interface PlayedPerson {
  readonly persona: DemoPersona;
  readonly person: ControlPerson;
}

/** Plays every person until their lines run out or `signal` aborts. */
export async function playPeople(
  control: FakeTelegramControl,
  agent: ControlPerson,
  people: readonly PlayedPerson[],
  signal: AbortSignal,
  report: (line: string) => void,
): Promise<void> {
  await Promise.all(
    people.map((played) =>
      playPerson(control, agent, played, signal, report).catch((error: unknown) => {
        if (!signal.aborted) report(`${played.persona.firstName} stopped: ${(error as Error).message}`);
      }),
    ),
  );
}

/** Plays the group scene: each line by its member, in the group, once the agent answered the one before. */
export async function playGroup(
  control: FakeTelegramControl,
  { id: agentId }: ControlPerson,
  scene: DemoGroupScene,
  group: ControlGroup,
  members: ReadonlyMap<string, ControlPerson>,
  signal: AbortSignal,
  report: (line: string) => void,
): Promise<void> {
  await sleep(scene.startsAfterSeconds * 1000, undefined, { signal });
  const answers = async () =>
    (await control.groupMessages(group.id, agentId)).filter((message) => message.senderId === agentId);
  for (const line of scene.lines) {
    const member = members.get(line.by);
    if (!member) throw new Error(`${line.by} is not in ${group.title}`);
    await control.groupTyping(member.id, group.id);
    await sleep(TYPING_MS, undefined, { signal });
    const answeredBefore = (await answers()).length;
    await control.groupSend(member.id, group.id, line.says);
    const answered = await waitForAnswer(answers, answeredBefore, signal);
    if (!answered) report(`${line.by} got no answer in ${group.title} within ${GIVE_UP_MS / 1000} s.`);
  }
}

async function playPerson(
  control: FakeTelegramControl,
  { id: agentId }: ControlPerson,
  { persona, person }: PlayedPerson,
  signal: AbortSignal,
  report: (line: string) => void,
): Promise<void> {
  await sleep(persona.startsAfterSeconds * 1000, undefined, { signal });
  for (const line of persona.lines) {
    await control.typing(person.id, agentId);
    await sleep(TYPING_MS, undefined, { signal });
    const answers = () => answersFrom(control, person.id, agentId);
    const answeredBefore = (await answers()).length;
    await control.send(person.id, agentId, line.says);
    const answered = await waitForAnswer(answers, answeredBefore, signal);
    if (!answered) report(`${persona.firstName} got no answer within ${GIVE_UP_MS / 1000} s and goes on.`);
  }
}

/** Whether the agent answered (after the first `before` answers), once it has stopped writing. */
async function waitForAnswer(
  answersSoFar: () => Promise<ControlMessage[]>,
  before: number,
  signal: AbortSignal,
): Promise<boolean> {
  const deadline = Date.now() + GIVE_UP_MS;
  let seen = before;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await sleep(POLL_MS, undefined, { signal });
    const answers = await answersSoFar();
    if (answers.length > seen) {
      seen = answers.length;
      quietSince = Date.now();
    } else if (seen > before && Date.now() - quietSince >= READING_MS) {
      return true;
    }
  }
  return false;
}

async function answersFrom(
  control: FakeTelegramControl,
  personId: string,
  agentId: string,
): Promise<ControlMessage[]> {
  return (await control.messages(personId, agentId)).filter((message) => message.senderId === agentId);
}
