import { LlmError, type LlmReply, type MediaItem, type MediaQuery, type MediaSupport } from './provider';

/** The MIME type as providers compare it: lower-case, without parameters (`audio/ogg; codecs=opus`). */
function mimeEssence(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * The query's items with bare MIME types, checked before any request: nothing to describe, an
 * empty file or a type the provider cannot be shown fails as a permanent `bad_request`, since
 * asking would fail the same way every time and still cost a call.
 */
export function supportedItems(query: MediaQuery, support: MediaSupport, providerLabel: string): MediaItem[] {
  const refuse = (message: string) => new LlmError('bad_request', message, { retryable: false });
  if (query.items.length === 0) throw refuse(`No media was given to ${providerLabel} to describe.`);
  const accepted = [...support.image, ...support.video, ...support.audio];
  return query.items.map((item) => {
    const mimeType = mimeEssence(item.mimeType);
    if (!accepted.includes(mimeType)) {
      const known = accepted.length === 0 ? 'no media' : accepted.join(', ');
      throw refuse(`${providerLabel} cannot describe ${mimeType || 'media of no type'}: it takes ${known}.`);
    }
    if (item.data.byteLength === 0) throw refuse(`The ${mimeType} file to describe is empty.`);
    return { mimeType, data: item.data };
  });
}

/**
 * A description must say something. An empty one is a permanent `malformed` failure, as the
 * reference treats it: the same media would most likely get nothing again.
 */
export function requireDescription<T extends Pick<LlmReply, 'text'>>(reply: T, providerLabel: string): T {
  if (reply.text.trim() === '') {
    throw new LlmError('malformed', `${providerLabel} answered with an empty description.`, {
      retryable: false,
    });
  }
  return reply;
}

export function base64Of(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
}
