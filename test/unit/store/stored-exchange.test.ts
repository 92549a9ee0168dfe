import { describe, expect, it } from 'vitest';
import { exchangeFromStored, storedExchangeJson } from '../../../src/main/store/stored-exchange';
import { exchangeView } from '../../support/exchanges';

const LONG = 'Remember birthdays. '.repeat(40);

describe('an exchange as the history stores it', () => {
  const exchange = {
    ...exchangeView('2026-11-20T10:00:00.000Z'),
    sections: [
      { id: 'instructions', title: 'Instructions', text: LONG, stable: true },
      { id: 'channel', title: 'Channel details', text: 'A group of three.', stable: false },
    ],
  };

  it('names long section texts by what keepText returns and keeps short ones inline', () => {
    const kept: string[] = [];
    const { json, truncated } = storedExchangeJson(exchange, (text) => {
      kept.push(text);
      return 'h1';
    });
    expect(kept).toEqual([LONG]);
    expect(truncated).toBe(false);
    expect(JSON.parse(json).sections).toEqual([
      { id: 'instructions', title: 'Instructions', stable: true, textRef: 'h1' },
      { id: 'channel', title: 'Channel details', text: 'A group of three.', stable: false },
    ]);
    expect(exchangeFromStored(json, (hash) => (hash === 'h1' ? LONG : null))).toEqual(exchange);
  });

  it('reads an exchange stored whole, and says so where a named text is gone', () => {
    expect(exchangeFromStored(JSON.stringify(exchange), () => null)).toEqual(exchange);
    const { json } = storedExchangeJson(exchange, () => 'gone');
    expect(exchangeFromStored(json, () => null).sections[0]!.text).toBe('[this text is no longer kept]');
  });
});
