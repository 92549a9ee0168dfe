import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadChatMarkdown } from '../../src/renderer/ui/chat/ChatMarkdown';
import { hostNamedBy, misleadingLink, visibleText } from '../../src/renderer/ui/chat/link-target';
import { renderChatText } from './support/render-chat-text';

describe('hostNamedBy', () => {
  it.each([
    ['https://bank.com', 'bank.com'],
    ['http://bank.com/login?next=1', 'bank.com'],
    ['bank.com', 'bank.com'],
    ['www.Bank.COM', 'bank.com'],
    ['bank.com.', 'bank.com'],
    ['secure.bank.co.uk/login', 'secure.bank.co.uk'],
    ['192.168.1.1', '192.168.1.1'],
    ['bаnk.com', 'xn--bnk-6cd.com'],
  ])('reads %s as naming %s', (text, host) => {
    expect(hostNamedBy(text)).toBe(host);
  });

  it.each(['our notes', 'click here', 'e.g.', 'v1.2', 'Hello', '', 'a..b', 'bank.com now'])(
    'reads "%s" as words that name no site',
    (text) => {
      expect(hostNamedBy(text)).toBeNull();
    },
  );
});

describe('misleadingLink', () => {
  it('names both sites when the text names another site than the link opens', () => {
    expect(misleadingLink('https://bank.com', 'https://evil.example/login')).toEqual({
      claimed: 'https://bank.com',
      actual: 'evil.example',
    });
    expect(misleadingLink('bank.com', 'https://bank.com.evil.example/')).toEqual({
      claimed: 'bank.com',
      actual: 'bank.com.evil.example',
    });
    expect(misleadingLink('bаnk.com', 'https://bank.com/')?.actual).toBe('bank.com');
  });

  it('lets through words, and text naming the very site opened', () => {
    expect(misleadingLink('our notes', 'https://evil.example/')).toBeNull();
    expect(misleadingLink('bank.com', 'https://www.bank.com/login')).toBeNull();
    expect(misleadingLink('http://bank.com', 'https://bank.com/')).toBeNull();
  });
});

describe('visibleText', () => {
  it('reads through formatting inside a link', () => {
    const bold = createElement('strong', null, 'bank', createElement('em', null, '.com'));
    expect(visibleText(['https://', bold])).toBe('https://bank.com');
  });
});

describe('links in a chat message', () => {
  it('open in a new tab; only one whose text names another site asks first', async () => {
    await preloadChatMarkdown();
    const html = renderChatText(
      'Your card is locked: [https://bank.com](https://evil.example/login). Or read [our notes](https://example.org/notes).',
    );
    const links = [...html.matchAll(/<a [^>]*>/g)].map(([tag]) => tag);
    expect(links).toHaveLength(2);
    expect(links[0]).toContain('href="https://evil.example/login"');
    expect(links[0]).toContain('aria-haspopup="dialog"');
    expect(links[1]).toContain('href="https://example.org/notes"');
    expect(links[1]).not.toContain('aria-haspopup');
    for (const link of links) {
      expect(link).toContain('target="_blank"');
      expect(link).toContain('rel="noopener noreferrer"');
    }
  });

  it('shows HTML as the characters typed, never as markup', async () => {
    await preloadChatMarkdown();
    const html = renderChatText('Y también <b>poesía</b> <img src=x onerror=alert(1)>');
    expect(html).toContain('Y también &lt;b&gt;poesía&lt;/b&gt; &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<img');
  });

  it('shows a link that is not http(s) as its text only', async () => {
    await preloadChatMarkdown();
    const html = renderChatText('[https://bank.com](javascript:alert(1))');
    expect(html).not.toContain('<a ');
    expect(html).toContain('https://bank.com');
  });
});
