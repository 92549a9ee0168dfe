import { describe, expect, it } from 'vitest';
import {
  agentPacing,
  type Pacing,
  typingDelaySeconds,
  typingWaitBefore,
} from '../../../src/main/engine/pacing/typing-delay';
import { DEFAULT_ENGINE_SETTINGS } from '../../../src/shared/domain/settings';
import { agentConfig } from '../../support/agent-config';

const pacing = (overrides: Partial<Pacing> = {}): Pacing => ({
  startTypingDelaySeconds: 2,
  typingSpeed: 60,
  stickerDelaySeconds: 4,
  ...overrides,
});

describe('typing delay', () => {
  it('is the start delay plus the text length at the typing speed', () => {
    expect(typingDelaySeconds('x'.repeat(120), pacing())).toBe(2 + 2);
  });

  it('drops a start delay of one second or less', () => {
    expect(typingDelaySeconds('x'.repeat(60), pacing({ startTypingDelaySeconds: 1 }))).toBe(1);
  });

  it('takes no typing time at 1000 characters per second and above', () => {
    expect(typingDelaySeconds('x'.repeat(5000), pacing({ typingSpeed: 1000 }))).toBe(2);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(typingDelaySeconds('😀😀', pacing({ startTypingDelaySeconds: 0, typingSpeed: 1 }))).toBe(2);
  });

  it('skips waits of half a second or less, and waits the sticker delay before a sticker', () => {
    const quick = pacing({ startTypingDelaySeconds: 0, typingSpeed: 10 });
    expect(typingWaitBefore('send', { text: 'hello' }, quick)).toBe(0);
    expect(typingWaitBefore('send', { text: 'hello!' }, quick)).toBe(0.6);
    expect(typingWaitBefore('sticker', {}, pacing())).toBe(4);
    expect(typingWaitBefore('sticker', {}, pacing({ stickerDelaySeconds: 0.5 }))).toBe(0);
    expect(typingWaitBefore('react', {}, pacing())).toBe(0);
  });

  it('waits twice the sticker delay before a send_media, and skips it when negligible', () => {
    expect(typingWaitBefore('send_media', { unique_id: 'AgADphoto1' }, pacing())).toBe(8);
    expect(typingWaitBefore('send_media', {}, pacing({ stickerDelaySeconds: 1.5 }))).toBe(3);
    expect(typingWaitBefore('send_media', {}, pacing({ stickerDelaySeconds: 0.25 }))).toBe(0);
    expect(typingWaitBefore('send_media', {}, pacing({ stickerDelaySeconds: 0 }))).toBe(0);
  });

  it("takes the agent file's overrides over the global settings", () => {
    const engine = {
      ...DEFAULT_ENGINE_SETTINGS,
      startTypingDelaySeconds: 5,
      typingSpeed: 30,
      stickerDelaySeconds: 3,
    };
    expect(agentPacing(agentConfig({ configName: 'Ada' }), engine)).toEqual({
      startTypingDelaySeconds: 5,
      typingSpeed: 30,
      stickerDelaySeconds: 3,
    });
    expect(
      agentPacing(agentConfig({ configName: 'Ada', startTypingDelay: 3, typingSpeed: 7 }), engine),
    ).toEqual({
      startTypingDelaySeconds: 3,
      typingSpeed: 7,
      stickerDelaySeconds: 3,
    });
  });
});
