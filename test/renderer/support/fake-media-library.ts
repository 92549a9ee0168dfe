import type { Network } from '../../../src/shared/api/conversation-contract';
import { ApiError } from '../../../src/shared/api/errors';
import type { LibraryItem } from '../../../src/shared/api/media-contract';
import type { MediaKind } from '../../../src/shared/domain/config';
import type { FakeMedia, FakeMediaRuntime } from './fake-media';

/** The runtime's refusal to change a Simulator library (src/main/simulator/simulator-port.ts). */
export const SIMULATOR_LIBRARY_REFUSAL =
  "In the Simulator an agent's media library is the curated media of the config directories: add or remove files there with the media editor.";

const MAX_BYTES = 20 * 1024 * 1024;

/** What an added file becomes, as Telegram files it: images as photos (unless sent as files), ... */
function kindOf(fileName: string, asFile: boolean): MediaKind {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  if (['jpg', 'jpeg', 'png', 'webp'].includes(extension)) return asFile ? 'document' : 'photo';
  if (['mp4', 'webm', 'mov'].includes(extension)) return 'video';
  if (['ogg', 'mp3', 'm4a'].includes(extension)) return 'audio';
  return 'document';
}

export type LibraryInput = { agent: string; network: Network };
type Input = LibraryInput;

/**
 * Agents' media libraries (`media.library`, `media.addToLibrary`, `media.removeFromLibrary`) as
 * the runtime keeps them: on Telegram each agent's Saved Messages (`saved`, newest first; an
 * agent in `disconnectedTelegramAgents` cannot be reached), in the Simulator the curated media
 * (not stickers) of the config directories, which the console cannot change. An item's
 * description is what its effective record says.
 */
export class FakeMediaLibrary {
  /** Each agent's Saved Messages on Telegram, newest first. */
  readonly saved = new Map<string, Array<Omit<LibraryItem, 'description'>>>();
  readonly #runtime: FakeMediaRuntime;
  readonly #media: Pick<FakeMedia, 'records'>;
  #nextUpload = 1;

  constructor(runtime: FakeMediaRuntime, media: Pick<FakeMedia, 'records'>) {
    this.#runtime = runtime;
    this.#media = media;
  }

  list({ agent, network }: Input): { items: LibraryItem[] } {
    this.#reach(agent, network);
    const items =
      network === 'simulator'
        ? this.#media.records.filter(
            (record) => record.effective && record.location.kind === 'curated' && record.kind !== 'sticker',
          )
        : (this.saved.get(agent) ?? []);
    return {
      items: items.map(({ uniqueId, kind }) => ({ uniqueId, kind, description: this.#described(uniqueId) })),
    };
  }

  add(input: Input & { fileName: string; dataBase64: string; asFile: boolean }): { item: LibraryItem } {
    this.#changeable(input);
    const size = Buffer.from(input.dataBase64, 'base64').byteLength;
    if (size > MAX_BYTES)
      throw new ApiError(
        'invalid_input',
        `The file has ${(size / 1e6).toFixed(1)} MB; the library takes up to 20 MB.`,
      );
    const item = { uniqueId: `upload-${this.#nextUpload++}`, kind: kindOf(input.fileName, input.asFile) };
    this.saved.set(input.agent, [item, ...(this.saved.get(input.agent) ?? [])]);
    return { item: { ...item, description: null } };
  }

  remove(input: Input & { uniqueId: string }): { removed: true } {
    this.#changeable(input);
    const items = this.saved.get(input.agent) ?? [];
    if (!items.some((item) => item.uniqueId === input.uniqueId))
      throw new ApiError('not_found', `${input.agent}'s library has no file ${input.uniqueId}.`);
    this.saved.set(
      input.agent,
      items.filter((item) => item.uniqueId !== input.uniqueId),
    );
    return { removed: true };
  }

  #described(uniqueId: string): string | null {
    return (
      this.#media.records.find((record) => record.uniqueId === uniqueId && record.effective)?.description ??
      null
    );
  }

  #reach(agent: string, network: Network): void {
    if (!this.#runtime.agents.some(({ config }) => config.configName === agent))
      throw new ApiError('not_found', `There is no agent "${agent}" in the loaded configuration.`);
    if (network === 'telegram' && this.#runtime.disconnectedTelegramAgents.has(agent))
      throw new ApiError('unavailable', `${agent} is not connected to Telegram.`);
  }

  #changeable({ agent, network }: Input): void {
    this.#reach(agent, network);
    if (network === 'simulator') throw new ApiError('conflict', SIMULATOR_LIBRARY_REFUSAL);
  }
}
