import { isValidElement, type ReactNode } from 'react';

/** A link whose visible text names one site while it opens another. */
export interface MisleadingLink {
  /** The site the text names, as written ("https://bank.com"). */
  claimed: string;
  /** The host the link really opens. */
  actual: string;
}

const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
const TOP_LEVEL_DOMAIN = /^([a-z]{2,63}|xn--[a-z\d-]+)$/i;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** `www.` and a closing dot change nothing about which site a name is. */
function siteOf(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
}

/**
 * The host a link's visible text reads as (`https://bank.com/login`, `www.bank.com`, `bank.com`,
 * an IPv4 address); null for words, which name no site. Lookalike letters come out as their
 * punycode, so `bаnk.com` with a Cyrillic `а` is not `bank.com`.
 */
export function hostNamedBy(text: string): string | null {
  const candidate = text.trim();
  if (candidate === '' || /\s/.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(SCHEME.test(candidate) ? candidate : `http://${candidate}`);
  } catch {
    return null;
  }
  const host = siteOf(url.hostname);
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return null;
  return IPV4.test(host) || TOP_LEVEL_DOMAIN.test(labels.at(-1) ?? '') ? host : null;
}

/** Both sites when the link's text names a site other than the one `href` opens; else null. */
export function misleadingLink(text: string, href: string): MisleadingLink | null {
  const named = hostNamedBy(text);
  if (named === null) return null;
  let actual: string;
  try {
    actual = new URL(href).hostname;
  } catch {
    return null;
  }
  return named === siteOf(actual) ? null : { claimed: text.trim(), actual };
}

/** The words a link shows, through any formatting inside it (`[**bank.com**](…)`). */
export function visibleText(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(visibleText).join('');
  if (isValidElement<{ children?: ReactNode }>(children)) return visibleText(children.props.children);
  return '';
}
