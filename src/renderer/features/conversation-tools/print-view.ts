/**
 * Prints a conversation's export page from the console itself: the page (fetched from the
 * export route, media linked live) is drawn in a shadow root, so its styles stay its own, and
 * only it shows while printing. Works the same in a browser and in the desktop app, which opens
 * no second window.
 */

const HOST_CLASS = 'tc-print-host';
const PRINTING_CLASS = 'tc-printing';
/** Images get this long to load before the print dialog opens anyway. */
const IMAGE_WAIT_MS = 4_000;

async function imagesLoaded(root: ShadowRoot): Promise<void> {
  const pending = [...root.querySelectorAll('img')].map((image) => {
    image.loading = 'eager';
    return image.decode().catch(() => undefined);
  });
  await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, IMAGE_WAIT_MS))]);
}

/** Fetches the page at `path` and opens the print dialog on it; rejects with what went wrong. */
export async function printConversation(path: string): Promise<void> {
  const response = await fetch(path, { credentials: 'same-origin' });
  const text = await response.text();
  if (!response.ok) throw new Error(text || `The conversation could not be exported (${response.status}).`);
  const page = new DOMParser().parseFromString(text, 'text/html');
  document.querySelector(`.${HOST_CLASS}`)?.remove();
  const host = document.createElement('div');
  host.className = HOST_CLASS;
  const root = host.attachShadow({ mode: 'open' });
  for (const style of page.querySelectorAll('style')) root.append(style.cloneNode(true));
  root.append(...[...page.body.childNodes].map((node) => document.importNode(node, true)));
  document.body.append(host);
  document.documentElement.classList.add(PRINTING_CLASS);
  const done = () => {
    document.documentElement.classList.remove(PRINTING_CLASS);
    host.remove();
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  await imagesLoaded(root);
  window.print();
}
