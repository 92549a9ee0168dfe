import { createHash } from 'node:crypto';

/*
 * What the fake LLM server reads from a request beyond its routing: the system prompt and the
 * inline media, decoded, so tests can check which file a model was asked about and how.
 */

/** One inline file a request carried, decoded from base64. */
export interface RecordedMedia {
  mimeType: string;
  byteLength: number;
  /** Compare with `mediaHash(bytes)`. */
  sha256: string;
}

/** The hash `RecordedMedia.sha256` holds for a file of these bytes. */
export function mediaHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function recordedMedia(mimeType: string, base64: string): RecordedMedia {
  const bytes = Buffer.from(base64, 'base64');
  return { mimeType, byteLength: bytes.byteLength, sha256: mediaHash(bytes) };
}

/** The request bodies as the SDKs write them, as far as the fake reads them. */
interface GeminiBody {
  systemInstruction?: { parts?: { text?: string }[] };
  contents?: { parts?: { inlineData?: { mimeType?: string; data?: string } }[] }[];
}
interface OpenAiBody {
  messages?: {
    role?: string;
    content?: string | { type?: string; text?: string; image_url?: { url?: string } }[];
  }[];
}

function geminiSystemText(body: GeminiBody): string {
  return (body.systemInstruction?.parts ?? []).map((part) => part.text ?? '').join('\n');
}

function geminiMedia(body: GeminiBody): RecordedMedia[] {
  return (body.contents ?? [])
    .flatMap((content) => content.parts ?? [])
    .flatMap(({ inlineData }) =>
      inlineData ? [recordedMedia(inlineData.mimeType ?? '', inlineData.data ?? '')] : [],
    );
}

function openAiSystemText(body: OpenAiBody): string {
  return (body.messages ?? [])
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .map(({ content }) =>
      typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join(''),
    )
    .join('\n');
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

function openAiMedia(body: OpenAiBody): RecordedMedia[] {
  return (body.messages ?? []).flatMap(({ content }) =>
    (typeof content === 'string' ? [] : (content ?? [])).flatMap((part) => {
      const dataUrl = DATA_URL.exec(part.image_url?.url ?? '');
      return dataUrl ? [recordedMedia(dataUrl[1]!, dataUrl[2]!)] : [];
    }),
  );
}

/** The request's system prompt, joined by lines. */
export function systemTextOf(wire: 'gemini' | 'openai', body: Record<string, unknown>): string {
  return wire === 'gemini' ? geminiSystemText(body) : openAiSystemText(body);
}

/** The request's inline media, in order. */
export function mediaOf(wire: 'gemini' | 'openai', body: Record<string, unknown>): RecordedMedia[] {
  return wire === 'gemini' ? geminiMedia(body) : openAiMedia(body);
}
