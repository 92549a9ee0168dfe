import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Agent } from 'undici';
import { addressRefusal } from './address-policy';
import { BodyTooLargeError, discardBody, readBoundedBody, UnsupportedEncodingError } from './bounded-body';

/**
 * Fetches web pages for agents without letting a page (or a DNS answer) steer the request into
 * the operator's machine or network.
 *
 * - Only http and https; every hop's address is checked by `addressRefusal`.
 * - The connection is pinned to the address that was checked: undici's Agent takes a
 *   `connect.lookup` of ours that resolves the name once, checks every answer and hands the
 *   socket only the checked address, so a second DNS answer (rebinding) cannot slip in between
 *   check and connect. An IP literal in the URL never reaches a lookup; it is checked before the
 *   request, and the socket connects to exactly that literal.
 * - Redirects are followed here, by hand, each target checked like the first URL (at most 5).
 * - The body streams and stops at a size limit counted after decompression; connect and total
 *   time are limited.
 * - The User-Agent names only the product.
 *
 * undici is Node's own HTTP client (what global fetch runs on) and the one whose connector
 * accepts a custom lookup per Agent, with separate connect, header and body timeouts; v7 is the
 * line that runs on every Node 22 this project supports (v8 needs 22.19).
 */

type Undici = typeof import('undici');

/** undici's pool of connections, and the request that runs on it. */
interface Connections {
  agent: Agent;
  request: Undici['request'];
}

/**
 * undici, loaded with the first fetch: a runtime whose agents never read the web does not hold it.
 * A failed load throws from `fetch` as it is, rather than reading as a page that could not be had.
 */
function loadUndici(): Promise<Undici> {
  return import('undici');
}

export const RETRIEVAL_USER_AGENT = 'Troupe/1.0 (document retrieval)';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Answers a host name with its addresses (textual IPv4/IPv6). */
export type HostResolver = (hostname: string) => Promise<string[]>;

export interface SafeFetcherOptions {
  /** Largest body kept, after decompression. Default 2 MB. */
  maxBytes?: number;
  /** Time to open the connection (TCP and TLS). Default 5 s. */
  connectTimeoutMs?: number;
  /** Time for the whole fetch, redirects and body included. Default 15 s. */
  totalTimeoutMs?: number;
  /** Redirects followed before giving up. Default 5. */
  maxRedirects?: number;
  /** Host name resolution; the system resolver by default. Tests pass their own. */
  resolve?: HostResolver;
  /**
   * Addresses the policy refuses that this fetcher may reach anyway. Only tests pass it, for
   * their own server on 127.0.0.1; nothing in the configuration or settings reaches it.
   */
  exemptAddresses?: readonly string[];
}

export type FetchFailureReason =
  | 'scheme'
  | 'refused'
  | 'timeout'
  | 'too-large'
  | 'redirects'
  | 'encoding'
  | 'network';

export interface FetchFailure {
  ok: false;
  url: string;
  reason: FetchFailureReason;
  /** What went wrong, in a sentence the agent (and the operator) can act on. */
  message: string;
}

export interface FetchedResponse {
  ok: true;
  url: string;
  /** Where the last redirect led. */
  finalUrl: string;
  status: number;
  /** The media type, lower-case without parameters ("text/html"); empty when the server gave none. */
  contentType: string;
  /** The charset the server named, if any. */
  charset: string | null;
  body: Buffer;
}

export type FetchResult = FetchedResponse | FetchFailure;

/** The connection was refused because of where it would go. */
export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
}

async function systemResolve(hostname: string): Promise<string[]> {
  const answers = await new Promise<LookupAddress[]>((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );
  return answers.map((answer) => answer.address);
}

function normalizedAddress(address: string): string {
  return ipaddr.process(address.replace(/^\[|\]$/g, '')).toString();
}

function headerText(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

function mediaType(contentType: string): { type: string; charset: string | null } {
  const [type = '', ...parameters] = contentType.split(';');
  const charset = parameters
    .map((parameter) => parameter.trim().match(/^charset="?([^";]+)"?$/i)?.[1])
    .find((value) => value !== undefined);
  return { type: type.trim().toLowerCase(), charset: charset ?? null };
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export class SafeFetcher {
  readonly #maxBytes: number;
  readonly #totalTimeoutMs: number;
  readonly #maxRedirects: number;
  readonly #resolve: HostResolver;
  readonly #exempt: ReadonlySet<string>;
  readonly #connectTimeoutMs: number;
  /** The connection pool, made with the first fetch. */
  #pool: Promise<Connections> | null = null;

  constructor(options: SafeFetcherOptions = {}) {
    this.#maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
    this.#totalTimeoutMs = options.totalTimeoutMs ?? 15_000;
    this.#maxRedirects = options.maxRedirects ?? 5;
    this.#resolve = options.resolve ?? systemResolve;
    this.#exempt = new Set((options.exemptAddresses ?? []).map(normalizedAddress));
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  }

  /** Closes the pooled connections. */
  async close(): Promise<void> {
    const pool = await this.#pool?.catch(() => null);
    await pool?.agent.close();
  }

  /** The pool whose connections go only to checked addresses; see the class comment. */
  #connections(): Promise<Connections> {
    this.#pool ??= loadUndici().then(({ Agent, request }) => ({
      request,
      agent: new Agent({
        connect: {
          timeout: this.#connectTimeoutMs,
          lookup: (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback) => {
            this.#checkedAddress(hostname).then(
              (address) => {
                const family = isIP(address);
                if (lookupOptions.all) callback(null, [{ address, family }]);
                else callback(null, address, family);
              },
              (error: NodeJS.ErrnoException) => callback(error, ''),
            );
          },
        },
      }),
    }));
    return this.#pool;
  }

  /** Why this address must not be reached, or null; the exemptions of tests apply here. */
  #refusal(address: string): string | null {
    const reason = addressRefusal(address);
    if (reason === null || this.#exempt.has(normalizedAddress(address))) return null;
    return reason;
  }

  /** Resolves a name once and checks every answer: one refused answer refuses the name. */
  async #checkedAddress(hostname: string): Promise<string> {
    const addresses = await this.#resolve(hostname);
    if (addresses.length === 0) throw new RefusedAddressError(`${hostname} has no address.`);
    for (const address of addresses) {
      const reason = this.#refusal(address);
      if (reason !== null) throw new RefusedAddressError(`${hostname} resolves to ${address}, ${reason}.`);
    }
    return addresses[0]!;
  }

  /** Fetches a URL with GET, following redirects; never throws for what the network does. */
  async fetch(url: string, signal?: AbortSignal): Promise<FetchResult> {
    const { agent, request } = await this.#connections();
    const timeout = AbortSignal.timeout(this.#totalTimeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const fail = (reason: FetchFailureReason, message: string): FetchFailure => ({
      ok: false,
      url,
      reason,
      message,
    });
    let current = url;
    try {
      for (let hop = 0; hop <= this.#maxRedirects; hop++) {
        const target = this.#checkedUrl(current);
        if (!target.ok) return fail(target.reason, target.message);
        const response = await request(target.url, {
          method: 'GET',
          dispatcher: agent,
          signal: combined,
          headers: {
            'user-agent': RETRIEVAL_USER_AGENT,
            accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5',
            'accept-encoding': 'gzip, deflate, br',
          },
        });
        const location = headerText(response.headers.location);
        if (REDIRECT_STATUSES.has(response.statusCode) && location !== '') {
          discardBody(response.body);
          current = new URL(location, target.url).toString();
          continue;
        }
        const declared = Number(headerText(response.headers['content-length']));
        if (Number.isFinite(declared) && declared > this.#maxBytes) {
          discardBody(response.body);
          return fail('too-large', tooLargeMessage(this.#maxBytes, declared));
        }
        const body = await readBoundedBody(
          response.body,
          headerText(response.headers['content-encoding']),
          this.#maxBytes,
        );
        const { type, charset } = mediaType(headerText(response.headers['content-type']));
        return {
          ok: true,
          url,
          finalUrl: target.url.toString(),
          status: response.statusCode,
          contentType: type,
          charset,
          body,
        };
      }
      return fail('redirects', `The page redirected more than ${this.#maxRedirects} times; gave up.`);
    } catch (error) {
      if (timeout.aborted)
        return fail('timeout', `No complete answer within ${this.#totalTimeoutMs / 1000} seconds.`);
      if (signal?.aborted) throw error;
      return classifyError(error, fail, this.#maxBytes);
    }
  }

  #checkedUrl(
    text: string,
  ): { ok: true; url: URL } | { ok: false; reason: FetchFailureReason; message: string } {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { ok: false, reason: 'scheme', message: `"${text}" is not a URL.` };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return {
        ok: false,
        reason: 'scheme',
        message: `Only http and https addresses are fetched, not ${url.protocol}`,
      };
    }
    if (url.username !== '' || url.password !== '') {
      return {
        ok: false,
        reason: 'refused',
        message: 'Addresses with a user name or password are not fetched.',
      };
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0) {
      const reason = this.#refusal(host);
      if (reason !== null)
        return { ok: false, reason: 'refused', message: `${url.host} is ${reason}: not fetched.` };
    }
    return { ok: true, url };
  }
}

function tooLargeMessage(limit: number, size?: number): string {
  const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return size === undefined
    ? `The page is larger than ${megabytes(limit)}: not read.`
    : `The page is ${megabytes(size)}, more than ${megabytes(limit)}: not read.`;
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 5) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function classifyError(
  error: unknown,
  fail: (reason: FetchFailureReason, message: string) => FetchFailure,
  maxBytes: number,
): FetchFailure {
  for (const link of causeChain(error)) {
    if (link instanceof RefusedAddressError) return fail('refused', `${link.message} Not fetched.`);
    if (link instanceof BodyTooLargeError) return fail('too-large', tooLargeMessage(maxBytes));
    if (link instanceof UnsupportedEncodingError) return fail('encoding', link.message);
    const code = (link as { code?: string }).code;
    if (code === 'UND_ERR_CONNECT_TIMEOUT')
      return fail('timeout', 'The server did not accept a connection in time.');
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
      return fail('timeout', 'The server stopped answering.');
    if (code === 'ENOTFOUND') return fail('network', 'No such host: check the address.');
  }
  const message = error instanceof Error ? error.message : String(error);
  return fail('network', `The page could not be fetched: ${message}`);
}
