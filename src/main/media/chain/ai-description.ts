import type { MediaStatus } from '../../../shared/domain/config';
import { PromptNotFoundError, type PromptSource } from '../../config';
import { LlmError, type LlmRouter, type LlmUsageRecord, priceLlmCall } from '../../llm';
import type { MediaItem as LlmMediaItem, MediaSupport } from '../../llm/provider';
import type { Store } from '../../store';
import { MediaFormatError, renderLottieFrames, type SniffedMedia } from '../format';
import type { MediaItem } from './media-item';

/** How long the model may look: stills are quick, video and audio take longer. */
const IMAGE_TIMEOUT_MS = 30_000;
const MOTION_TIMEOUT_MS = 60_000;
/** Frames of an animated sticker shown to the model, spread over the animation. */
const STICKER_FRAMES = 6;

export type DescribeOperation = 'describe_image' | 'describe_video' | 'describe_audio';

const PROMPTS: Record<DescribeOperation, string> = {
  describe_image: 'Instructions-Describe-Image',
  describe_video: 'Instructions-Describe-Video',
  describe_audio: 'Instructions-Describe-Audio',
};

export interface AiDescriptionDeps {
  llm: Pick<LlmRouter, 'resolve' | 'providerFor'>;
  store: Pick<Store, 'llmPrices'>;
  /** The describe prompts as loaded now (the configuration's, else the shipped ones). */
  prompts: () => PromptSource;
}

export interface AiRequest {
  modelName: string;
  item: MediaItem;
  bytes: Uint8Array;
  sniffed: SniffedMedia;
  agent: string;
  channelId: number | null;
  signal?: AbortSignal;
}

/**
 * What one attempt came to. `settled` outcomes are kept in the cache; an `unavailable` one (the
 * media model has no key, say) is the operator's to fix and is not held against the file.
 */
export type AiAttempt =
  | {
      type: 'settled';
      status: MediaStatus;
      description: string | null;
      failureReason: string | null;
      model: string | null;
      usage: LlmUsageRecord | null;
    }
  | { type: 'unavailable'; failureReason: string };

interface Plan {
  operation: DescribeOperation;
  items: LlmMediaItem[];
  note: string | null;
  timeoutMs: number;
}

function settled(status: MediaStatus, failureReason: string | null): AiAttempt {
  return { type: 'settled', status, description: null, failureReason, model: null, usage: null };
}

/** What the sender's context says about a sticker, so the model can read the picture in its light. */
function stickerNote(item: MediaItem): string | null {
  if (item.kind !== 'sticker') return null;
  const emoji = item.stickerName ? ` sent as ${item.stickerName}` : '';
  const set = item.stickerSetTitle ?? item.stickerSetName;
  return `This is a Telegram sticker${emoji}${set ? ` from the set "${set}"` : ''}.`;
}

function joinNotes(...notes: (string | null)[]): string | null {
  const kept = notes.filter((note): note is string => note !== null);
  return kept.length > 0 ? kept.join(' ') : null;
}

/** Decides how the model is shown the file, or why it cannot be. */
async function plan(request: AiRequest, support: MediaSupport): Promise<Plan | string> {
  const { sniffed, bytes, item } = request;
  const note = stickerNote(item);
  if (sniffed.isLottie) {
    if (support.image.length === 0) return 'the media model cannot look at images';
    const rendered = await renderLottieFrames(bytes, { frameCount: STICKER_FRAMES, signal: request.signal });
    return {
      operation: 'describe_video',
      items: rendered.frames.map((data) => ({ mimeType: 'image/png', data })),
      note: joinNotes(
        note,
        `It is animated: these are ${rendered.frames.length} frames in order from its ${rendered.durationSeconds.toFixed(1)} s loop.`,
      ),
      timeoutMs: MOTION_TIMEOUT_MS,
    };
  }
  const family = sniffed.mimeType.split('/')[0];
  const one = [{ mimeType: sniffed.mimeType, data: bytes }];
  if (family === 'image') {
    if (!support.image.includes(sniffed.mimeType))
      return `the media model cannot look at ${sniffed.mimeType} images`;
    return { operation: 'describe_image', items: one, note, timeoutMs: IMAGE_TIMEOUT_MS };
  }
  if (family === 'video') {
    if (!support.video.includes(sniffed.mimeType))
      return `the media model cannot watch ${sniffed.mimeType} video`;
    return { operation: 'describe_video', items: one, note, timeoutMs: MOTION_TIMEOUT_MS };
  }
  if (family === 'audio') {
    if (!support.audio.includes(sniffed.mimeType))
      return `the media model cannot listen to ${sniffed.mimeType} audio`;
    return { operation: 'describe_audio', items: one, note, timeoutMs: MOTION_TIMEOUT_MS };
  }
  return `${sniffed.mimeType} files are not described`;
}

/** Sorts a failed call into what the cache keeps: a try-again, a give-up, or not the file's fault. */
function failedAttempt(error: unknown): AiAttempt {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof MediaFormatError) return settled('unsupported', error.message);
  if (error instanceof PromptNotFoundError) return { type: 'unavailable', failureReason: message };
  if (error instanceof LlmError) {
    if (error.kind === 'auth') return { type: 'unavailable', failureReason: message };
    return settled(error.retryable ? 'temporary_failure' : 'permanent_failure', message);
  }
  return settled('temporary_failure', message);
}

/**
 * Asks the media model what a file shows or says: images as they are, video and audio where the
 * model takes them, animated (TGS) stickers as a few rendered frames with the video prompt. The
 * call is priced; the caller books it with the description it produced.
 */
export async function describeWithAi(deps: AiDescriptionDeps, request: AiRequest): Promise<AiAttempt> {
  let resolved: ReturnType<AiDescriptionDeps['llm']['resolve']>;
  let provider: ReturnType<AiDescriptionDeps['llm']['providerFor']>;
  try {
    resolved = deps.llm.resolve(request.modelName);
    provider = deps.llm.providerFor(resolved.provider);
  } catch (error) {
    // No such model, or its provider has no key: the operator's to fix, not the file's fault.
    return { type: 'unavailable', failureReason: (error as Error).message };
  }
  try {
    const how = await plan(request, provider.mediaSupport(resolved.model));
    if (typeof how === 'string') return settled('unsupported', how);
    const instructions = await deps.prompts().load(PROMPTS[how.operation]);
    const reply = await provider.describeMedia({
      model: resolved.model,
      instructions,
      items: how.items,
      ...(how.note ? { note: how.note } : {}),
      timeoutMs: how.timeoutMs,
      ...(request.signal ? { signal: request.signal } : {}),
    });
    const costUsd = priceLlmCall(deps.store.llmPrices, {
      provider: resolved.provider,
      model: resolved.model,
      usage: reply.usage,
    });
    return {
      type: 'settled',
      status: 'generated',
      description: reply.text.trim(),
      failureReason: null,
      model: reply.model || resolved.model,
      usage: {
        agent: request.agent,
        channelId: request.channelId,
        operation: how.operation,
        provider: resolved.provider,
        model: resolved.model,
        usage: reply.usage,
        latencyMs: reply.latencyMs,
        costUsd,
      },
    };
  } catch (error) {
    if (request.signal?.aborted) throw error;
    return failedAttempt(error);
  }
}
