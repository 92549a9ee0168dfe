import { join, resolve } from 'node:path';
import { ApiError } from '../../../shared/api';
import type {
  AgentRef,
  DocumentDir,
  DocumentEntry,
  DocumentPlace,
  ShippedPrompt,
} from '../../../shared/api/documents-contract';
import type { AgentConfig } from '../../../shared/domain/config';
import { isSystemPromptName } from '../../../shared/domain/document-name';
import { type ConfigService, listDocuments, readDocument } from '../../config';
import { agentDocsFolder, sharedDocsFolder } from '../../retrieval';

/** Where the documents of a place are, and whether they may be changed there. */
export interface ResolvedPlace {
  folder: string;
  /** The config directory the folder is in. */
  configDir: string;
  /** The place's files are Troupe's shipped prompts (for a `prompts` place: those named like one). */
  shippedDir: boolean;
}

/** Turns the console's places into folders, and reads what the lists show about each file. */
export class DocumentPlaces {
  constructor(private readonly config: ConfigService) {}

  #shippedDirs(): string[] {
    return this.config.shippedDirs.map((dir) => resolve(dir));
  }

  #loadedDir(configDir: string): string {
    const dir = resolve(configDir);
    if (!this.config.config.configDirs.includes(dir)) {
      throw new ApiError('not_found', `${configDir} is not one of the loaded config directories.`);
    }
    return dir;
  }

  agent(configName: string): AgentConfig {
    const agent = this.config.config.agents.find((candidate) => candidate.configName === configName);
    if (!agent)
      throw new ApiError('not_found', `There is no agent "${configName}" in the loaded configuration.`);
    return agent;
  }

  /** Where `file:` reads the agent's own documents from. */
  agentDocsFolder(agent: AgentConfig): string {
    return agentDocsFolder(agent);
  }

  /** The folder of a place; for `shipped`, the shipped directory that has `name`. */
  async resolve(place: DocumentPlace, name: string): Promise<ResolvedPlace> {
    switch (place.kind) {
      case 'prompts':
      case 'docs': {
        const dir = this.#loadedDir(place.configDir);
        return {
          folder: join(dir, place.kind),
          configDir: dir,
          shippedDir: this.#shippedDirs().includes(dir),
        };
      }
      case 'agent': {
        const agent = this.agent(place.agent);
        return { folder: this.agentDocsFolder(agent), configDir: agent.configDir, shippedDir: false };
      }
      case 'shipped': {
        for (const dir of this.#shippedDirs()) {
          const folder = join(dir, 'prompts');
          if ((await listDocuments(folder)).includes(name))
            return { folder, configDir: dir, shippedDir: true };
        }
        throw new ApiError('not_found', `Troupe ships no prompt called "${name}".`);
      }
      default:
        return place satisfies never;
    }
  }

  /** Whether the file is one of Troupe's shipped prompts, which are changed only by overriding them. */
  isShippedFile(place: DocumentPlace, resolved: ResolvedPlace, name: string): boolean {
    return (
      place.kind === 'shipped' ||
      (place.kind === 'prompts' && resolved.shippedDir && isSystemPromptName(name))
    );
  }

  /** The agents whose role prompts name `name` and find it in `configDir`'s prompts. */
  usersOf(configDir: string, name: string): AgentRef[] {
    const { agents, prompts } = this.config.config;
    if (prompts.get(name)?.dir !== configDir) return [];
    return agents
      .filter((agent) => agent.rolePrompts.includes(name))
      .map((agent) => ({ configName: agent.configName, name: agent.name }));
  }

  async #shippedPromptNames(): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const dir of this.#shippedDirs()) {
      for (const name of await listDocuments(join(dir, 'prompts'))) {
        if (isSystemPromptName(name) && !names.has(name)) names.set(name, dir);
      }
    }
    return names;
  }

  /** Whether the prompt `name` of `configDir` has the text of the shipped one in `shippedDir`. */
  async #sameText(configDir: string, shippedDir: string, name: string): Promise<boolean> {
    try {
      const [own, shipped] = await Promise.all([
        readDocument(join(configDir, 'prompts'), name),
        readDocument(join(shippedDir, 'prompts'), name),
      ]);
      return own.version === shipped.version;
    } catch {
      return false;
    }
  }

  async list(): Promise<{ dirs: DocumentDir[]; shippedPrompts: ShippedPrompt[] }> {
    const shippedDirs = this.#shippedDirs();
    const shippedNames = await this.#shippedPromptNames();
    const resolved = this.config.config.prompts;
    const dirs = await Promise.all(
      this.config.config.configDirs.map(async (configDir): Promise<DocumentDir> => {
        const shipped = shippedDirs.includes(configDir);
        const names = await listDocuments(join(configDir, 'prompts'));
        const prompts = await Promise.all(
          names.map(async (name): Promise<DocumentEntry> => {
            const isShipped = shipped && isSystemPromptName(name);
            const usedFrom = resolved.get(name)?.dir ?? configDir;
            const shippedDir = isShipped ? undefined : shippedNames.get(name);
            return {
              name,
              usedBy: this.usersOf(configDir, name),
              shipped: isShipped,
              overridesShipped: shippedDir !== undefined,
              sameAsShipped: shippedDir !== undefined && (await this.#sameText(configDir, shippedDir, name)),
              shadowedBy: usedFrom === configDir ? null : usedFrom,
            };
          }),
        );
        const docs = (await listDocuments(sharedDocsFolder(configDir))).map(plainEntry);
        return { configDir, shipped, prompts, docs };
      }),
    );
    const shippedPrompts = [...shippedNames.keys()].sort().map((name): ShippedPrompt => {
      const usedFrom = resolved.get(name)?.dir;
      const overriddenIn = usedFrom === undefined || shippedDirs.includes(usedFrom) ? null : usedFrom;
      const override = dirs
        .find((dir) => dir.configDir === overriddenIn)
        ?.prompts.find((prompt) => prompt.name === name);
      return { name, overriddenIn, overrideIsCopy: override?.sameAsShipped ?? false };
    });
    return { dirs, shippedPrompts };
  }
}

/** A document nothing looks up by name. */
export function plainEntry(name: string): DocumentEntry {
  return {
    name,
    usedBy: [],
    shipped: false,
    overridesShipped: false,
    sameAsShipped: false,
    shadowedBy: null,
  };
}
