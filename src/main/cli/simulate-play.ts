import type { ChatPerson } from '../../shared/domain/conversation';
import type { ConversationRuntimeHandle } from '../runtime/types';
import type { StepFile } from './simulate-files';
import {
  personIndex,
  ScriptError,
  type SimulateScript,
  type SimulateStep,
  stepFile,
} from './simulate-script';
import type { TranscriptPrinter } from './simulate-transcript';

/** Calls the API; a refusal is a ScriptError with the API's message and its field problems. */
export async function call<T>(
  runtime: ConversationRuntimeHandle,
  method: string,
  input: unknown,
): Promise<T> {
  const outcome = await runtime.dispatch(method, input);
  if (outcome.ok) return outcome.result as T;
  const issues = (outcome.error.issues ?? []).map((issue) => ` ${issue.path}: ${issue.message}`);
  throw new ScriptError(`${method} failed: ${outcome.error.message}${issues.join('')}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ScriptPlay {
  runtime: ConversationRuntimeHandle;
  agent: string;
  script: SimulateScript;
  /** The files the steps send, by step index (see readStepFiles). */
  files: ReadonlyMap<number, StepFile>;
  printer: TranscriptPrinter;
  /** Resolves once the agent is done (idle); `after` names what it waited from, for the timeout. */
  untilIdle: (after: string) => Promise<void>;
}

/** Whether the Simulator already has someone of that username in the agent's world. */
async function usernameTaken(runtime: ConversationRuntimeHandle, agent: string, username: string) {
  const outcome = await runtime.dispatch('plan.findConversation', {
    agent,
    network: 'simulator',
    query: `@${username}`,
  });
  return outcome.ok;
}

/**
 * The script's people, each username an earlier run took numbered (`ada_reads_2`), so a script
 * plays again as a new chat; a note says which.
 */
async function freshPeople(play: ScriptPlay): Promise<SimulateScript['people']> {
  const { runtime, agent, script, printer } = play;
  const people: SimulateScript['people'] = [];
  for (const person of script.people) {
    const username = 'username' in person ? person.username : undefined;
    if (!username || !(await usernameTaken(runtime, agent, username))) {
      people.push(person);
      continue;
    }
    let number = 2;
    while (await usernameTaken(runtime, agent, `${username}_${number}`)) number += 1;
    const fresh = `${username}_${number}`;
    printer.note(`@${username} is taken by an earlier run; this run's ${person.firstName} is @${fresh}`);
    people.push({ ...person, username: fresh });
  }
  return people;
}

/** Creates the script's chat and plays its steps in order; resolves with the chat's id. */
export async function playScript(play: ScriptPlay): Promise<{ channelId: number }> {
  const { runtime, agent, script } = play;
  const created = await call<{ chat: { channelId: number }; people: ChatPerson[] }>(
    runtime,
    'simulator.createChat',
    {
      agent,
      kind: script.kind ?? 'direct',
      ...(script.title ? { title: script.title } : {}),
      people: await freshPeople(play),
    },
  );
  const channelId = created.chat.channelId;
  for (const [index, step] of script.steps.entries()) {
    try {
      await playStep(play, { channelId, people: created.people }, step, index);
    } catch (error) {
      if (!(error instanceof ScriptError) || error.message.startsWith('step ')) throw error;
      throw new ScriptError(`step ${index}: ${error.message}`);
    }
  }
  return { channelId };
}

async function playStep(
  play: ScriptPlay,
  chat: { channelId: number; people: ChatPerson[] },
  step: SimulateStep,
  index: number,
): Promise<void> {
  if ('wait' in step) {
    if (step.wait === 'reply') await play.untilIdle(`step ${index}`);
    else await sleep(step.wait * 1000);
    return;
  }
  const { runtime, agent, script, printer } = play;
  const sender = {
    agent,
    channelId: chat.channelId,
    personId: chat.people[personIndex(script, step.as, index)]!.id,
  };
  if ('react' in step) {
    await call(runtime, 'simulator.react', {
      ...sender,
      messageId: printer.messageAt(step.to, index).messageId,
      emoji: step.react,
    });
    return;
  }
  const sent = {
    ...sender,
    ...(step.replyTo === undefined ? {} : { replyTo: printer.messageAt(step.replyTo, index).messageId }),
  };
  const file = stepFile(step);
  if ('say' in step) {
    await call(runtime, 'simulator.send', { ...sent, text: step.say });
  } else if ('set' in step) {
    await call(runtime, 'simulator.sendSticker', { ...sent, setName: step.set, name: step.sticker });
  } else if (file) {
    const { fileName, bytes } = play.files.get(index)!;
    await call(runtime, 'simulator.sendFile', {
      ...sent,
      kind: file.kind,
      fileName,
      dataBase64: bytes.toString('base64'),
      ...('caption' in step && step.caption !== undefined ? { caption: step.caption } : {}),
      ...('emoji' in step && step.emoji !== undefined ? { stickerEmoji: step.emoji } : {}),
    });
  }
}
