import type { Session, WebContents } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applySessionSecurity,
  contentSecurityPolicy,
  hardenWebContents,
  withContentSecurityPolicy,
} from '../../../src/main/app/security';
import { captureLogger } from './capture-logger';
import { asElectron, FakeEvent, FakeWebContents, fake, resetFakeElectron } from './fake-electron';

vi.mock('electron', () => import('./fake-electron').then((m) => m.electronModule));

const APP_URL = 'app://troupe/';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows scripts only from the app itself in production: no inline script, no eval, WebAssembly', () => {
    const csp = directives(contentSecurityPolicy());
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(contentSecurityPolicy()).not.toContain("'unsafe-eval'");
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('opens only what the Vite dev server needs in development, never eval', () => {
    const csp = directives(contentSecurityPolicy('http://localhost:5173/'));
    expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
    expect(contentSecurityPolicy('http://localhost:5173/')).not.toContain("'unsafe-eval'");
  });
});

describe('withContentSecurityPolicy', () => {
  it('replaces a CSP the server sent, whatever its capitalisation, and keeps other headers', () => {
    const headers = withContentSecurityPolicy(
      { 'content-security-policy': ['script-src *'], 'Content-Type': ['text/html'] },
      "script-src 'self'",
    );
    expect(headers).toEqual({
      'Content-Type': ['text/html'],
      'Content-Security-Policy': ["script-src 'self'"],
    });
  });

  it('adds the CSP when the response had no headers', () => {
    expect(withContentSecurityPolicy(undefined, "default-src 'none'")).toEqual({
      'Content-Security-Policy': ["default-src 'none'"],
    });
  });
});

describe('applySessionSecurity', () => {
  beforeEach(() => {
    resetFakeElectron();
    applySessionSecurity(asElectron<Session>(fake().session), { appUrl: APP_URL, csp: "script-src 'self'" });
  });

  it('puts the CSP on every HTTP response of the session', () => {
    let answered: Record<string, string[]> | undefined;
    fake().session.headersListener?.({ responseHeaders: { 'X-Other': ['1'] } }, (response) => {
      answered = response.responseHeaders;
    });
    expect(answered).toEqual({ 'X-Other': ['1'], 'Content-Security-Policy': ["script-src 'self'"] });
  });

  it.each(['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'fullscreen'])(
    'denies a %s permission request, even from the console',
    (permission) => {
      const decisions: boolean[] = [];
      fake().session.permissionRequestHandler?.({}, permission, (granted) => decisions.push(granted), {
        requestingUrl: 'app://troupe/',
      });
      expect(decisions).toEqual([false]);
      expect(fake().session.permissionCheckHandler?.({}, permission, 'app://troupe')).toBe(false);
    },
  );

  it('lets only the console itself write text to the clipboard', () => {
    const decide = (url: string): boolean[] => {
      const decisions: boolean[] = [];
      fake().session.permissionRequestHandler?.({}, 'clipboard-sanitized-write', (g) => decisions.push(g), {
        requestingUrl: url,
      });
      return decisions;
    };
    expect(decide('app://troupe/settings')).toEqual([true]);
    expect(decide('https://evil.example/')).toEqual([false]);
    expect(
      fake().session.permissionCheckHandler?.({}, 'clipboard-sanitized-write', 'https://evil.example'),
    ).toBe(false);
  });
});

describe('hardenWebContents', () => {
  let contents: FakeWebContents;
  let log: ReturnType<typeof captureLogger>;
  const opened: string[] = [];

  beforeEach(() => {
    resetFakeElectron();
    opened.length = 0;
    contents = new FakeWebContents();
    contents.mainFrame.url = APP_URL;
    log = captureLogger();
    const openExternal = async (url: string): Promise<void> => {
      opened.push(url);
    };
    hardenWebContents(asElectron<WebContents>(contents), {
      appUrl: APP_URL,
      openExternal,
      logger: log.logger,
    });
  });

  it('lets the console move between its own pages', () => {
    expect(contents.navigate('app://troupe/agents/alice')).toBe(true);
    expect(contents.getURL()).toBe('app://troupe/agents/alice');
    expect(opened).toEqual([]);
  });

  it('keeps the window on the console when a link points elsewhere, and opens http(s) links in the browser', () => {
    expect(contents.navigate('https://core.telegram.org/')).toBe(false);
    expect(contents.getURL()).toBe(APP_URL);
    expect(opened).toEqual(['https://core.telegram.org/']);
  });

  it('neither navigates to nor opens a file or script URL', () => {
    expect(contents.navigate('file:///etc/passwd')).toBe(false);
    expect(contents.navigate('javascript:alert(1)')).toBe(false);
    expect(opened).toEqual([]);
    expect(log.warnings()).toHaveLength(2);
  });

  it('denies every window.open, handing only safe links to the browser', () => {
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/docs' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'app://troupe/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'smb://host/share' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/docs']);
  });

  it('blocks redirects away from the console without opening them', () => {
    const event = new FakeEvent('https://evil.example/');
    contents.emit('will-redirect', event);
    expect(event.defaultPrevented).toBe(true);
    expect(opened).toEqual([]);
  });

  it('blocks <webview> tags', () => {
    const event = new FakeEvent();
    contents.emit('will-attach-webview', event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('logs instead of throwing when the browser cannot open a link', async () => {
    const failing = new FakeWebContents();
    const failLog = captureLogger();
    hardenWebContents(asElectron<WebContents>(failing), {
      appUrl: APP_URL,
      openExternal: () => Promise.reject(new Error('no browser')),
      logger: failLog.logger,
    });
    failing.windowOpenHandler?.({ url: 'https://example.com/' });
    await vi.waitFor(() =>
      expect(failLog.warnings().map((line) => line.msg)).toContain(
        'could not open a link in the system browser',
      ),
    );
  });
});
