import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchedDocument, truncateText } from '../../../src/main/retrieval/extract/fetched-document';
import type { FetchedResponse } from '../../../src/main/retrieval/fetch/safe-fetcher';

const fixture = (name: string) => readFileSync(join(__dirname, '../../fixtures/retrieval', name));

function response(body: Buffer | string, contentType: string, status = 200): FetchedResponse {
  return {
    ok: true,
    url: 'https://wonders.example/pharos',
    finalUrl: 'https://wonders.example/articles/pharos',
    status,
    contentType,
    charset: null,
    body: Buffer.isBuffer(body) ? body : Buffer.from(body),
  };
}

describe('fetchedDocument', () => {
  it('reads an HTML page as its article in markdown, without navigation, scripts, styles or images', async () => {
    const document = await fetchedDocument(response(fixture('article.html'), 'text/html'));
    expect(document.read).toBe(true);
    expect(document.status).toBe(200);
    const { text } = document;
    expect(text).toMatch(/^# The Lighthouse of Alexandria/);
    expect(text).toContain('## Construction');
    expect(text).toContain('Sostratus of Cnidus is credited with its design.');
    expect(text).toContain('- Height: about 100 metres');
    expect(text).not.toMatch(/newsletter|Sign up|tracking|font-family|pharos\.jpg|Privacy/);
  });

  it('keeps links compact and absolute, and drops links to script or within the page', async () => {
    const { text } = await fetchedDocument(response(fixture('article.html'), 'text/html'));
    expect(text).toContain('[Colossus of Rhodes](https://wonders.example/wonders/colossus)');
    expect(text).toContain('<https://en.wikipedia.org/wiki/Lighthouse_of_Alexandria>');
    expect(text).not.toMatch(/javascript:|#top/);
    expect(text).toMatch(/Share Back to top/);
  });

  it('says a page without readable text probably needs JavaScript', async () => {
    const document = await fetchedDocument(response(fixture('script-only.html'), 'text/html'));
    expect(document).toMatchObject({ read: false });
    expect(document.text).toMatch(/no readable text/);
  });

  it('keeps plain text and JSON as they are, truncated at the budget', async () => {
    expect((await fetchedDocument(response('  line one\nline two  ', 'text/plain'))).text).toBe(
      'line one\nline two',
    );
    expect((await fetchedDocument(response('{"a":1}', 'application/json'))).text).toBe('{"a":1}');
    const long = await fetchedDocument(response('word '.repeat(1000), 'text/plain'), 100);
    expect(long.text.length).toBeLessThan(200);
    expect(long.text).toMatch(/\[… truncated: the first 100 of 4,999 characters are shown\]$/);
  });

  it('decodes the charset the server names', async () => {
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9]);
    const document = await fetchedDocument({ ...response(latin1, 'text/plain'), charset: 'iso-8859-1' });
    expect(document.text).toBe('café');
  });

  it('describes a type it does not read by its kind and size', async () => {
    const pdf = await fetchedDocument(response(Buffer.alloc(1_258_291), 'application/pdf'));
    expect(pdf).toMatchObject({ read: false, text: 'a PDF of 1.2 MB: not read.', bytes: 1_258_291 });
    expect((await fetchedDocument(response(Buffer.alloc(2048), 'image/png'))).text).toBe(
      'an image of 2 KB: not read.',
    );
  });

  it('turns an HTTP error or a refused fetch into a short note', async () => {
    expect(await fetchedDocument(response('<h1>gone</h1>', 'text/html', 404))).toMatchObject({
      read: false,
      status: 404,
      text: 'Not retrieved: the server answered 404 Not Found.',
    });
    const refused = await fetchedDocument({
      ok: false,
      url: 'http://10.0.0.1/',
      reason: 'refused',
      message: '10.0.0.1 is a private network address: not fetched.',
    });
    expect(refused).toMatchObject({ read: false, status: null, bytes: 0 });
    expect(refused.text).toBe('Not retrieved: 10.0.0.1 is a private network address: not fetched.');
  });
});

describe('truncateText', () => {
  it('leaves a text within the budget alone', () => {
    expect(truncateText('short', 10)).toBe('short');
  });

  it('cuts at a line break near the budget, else at the budget, and says how much is shown', () => {
    const lines = `${'a'.repeat(95)}\n${'b'.repeat(50)}`;
    expect(truncateText(lines, 100)).toBe(
      `${'a'.repeat(95)}\n\n[… truncated: the first 95 of 146 characters are shown]`,
    );
    expect(truncateText('c'.repeat(300), 100)).toBe(
      `${'c'.repeat(100)}\n\n[… truncated: the first 100 of 300 characters are shown]`,
    );
  });
});
