import { AxeBuilder } from '@axe-core/playwright';
import { workerBaseURL } from './worker-url';
import type { Browser, BrowserContext, Fixtures, Page, PlaywrightTestArgs, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';

/*
 * The accessibility check of every browser test (see the README's testing section).
 *
 * An automatic fixture watches every page of the test: the default `page`, pages opened later in
 * its context and pages of contexts made with `browser.newContext()`. Each time a page's main frame
 * reaches a new route (a load or an SPA history change), the page is scanned with axe-core once it
 * has settled (no DOM change for a moment, no finite animation running). At the end of the test the
 * final state of every open page is scanned too when its route is new or a dialog or menu is open,
 * so a dialog the test left open is checked.
 * Only serious and critical findings of the WCAG 2 A/AA rules and the best practices count.
 *
 * Kept cheap and quiet: one scan per route (path, names of its query parameters), language and
 * signed-in role per run of the worker (the browser tests run in one worker, so each page a role
 * sees is checked once per run by the first test that opens it); a scan that a navigation or a closing page interrupts is dropped (the next route gets its
 * own); a finding counts only if a second scan after settling again still shows it, so a toast or
 * a dialog caught mid-animation does not fail a test; the time the scans take is added to the test's
 * timeout. The violations (rule, target, summary) fail the test at its end and are attached to it as
 * axe-violations.json.
 *
 * A test can scan the current state itself with the `axe` fixture: `await axe.scan(page)`.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** Experimental in axe 4.x, so off by default: a button's name must contain its visible text. */
const EXTRA_RULES = ['label-content-name-mismatch'];
const COUNTED_IMPACTS = new Set(['serious', 'critical']);
const SETTLE_QUIET_MS = 300;
const SETTLE_MAX_MS = 5_000;

export interface AxeFinding {
  url: string;
  lang: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

export interface AxeChecker {
  /** Scans the page as it is now (waits for it to settle); findings fail the test at its end. */
  scan(page: Page): Promise<void>;
}

export interface AxeFixtures {
  axe: AxeChecker;
}

/** A route as the dedupe sees it: ids and search terms in the query do not make a new route. */
function routeKey(url: string, lang: string): string {
  const u = new URL(url);
  const names = [...new Set(u.searchParams.keys())].sort().join('&');
  return `${lang}|${u.pathname}${names ? `?${names}` : ''}`;
}

/** Resolves once the document has had no DOM change for a moment and no finite animation runs. */
async function settle(page: Page): Promise<{ lang: string; html: boolean; overlay: boolean }> {
  return page.evaluate(
    async ({ quietMs, maxMs }) => {
      const deadline = Date.now() + maxMs;
      let lastChange = Date.now();
      const observer = new MutationObserver(() => (lastChange = Date.now()));
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      const animating = () =>
        document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      try {
        while (Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          if (document.readyState === 'complete' && !animating() && Date.now() - lastChange >= quietMs) break;
        }
      } finally {
        observer.disconnect();
      }
      return {
        lang: document.documentElement.lang,
        html: document.contentType === 'text/html',
        overlay: !!document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'),
      };
    },
    { quietMs: SETTLE_QUIET_MS, maxMs: SETTLE_MAX_MS },
  );
}

async function analyze(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ['violations'], rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])) })
    // In the page itself: the default mode finishes each run in a new page, which costs seconds.
    .setLegacyMode()
    .analyze();
  const lang = await page.evaluate(() => document.documentElement.lang);
  return results.violations
    .filter((v) => COUNTED_IMPACTS.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes
        .filter((n) => COUNTED_IMPACTS.has(n.impact ?? v.impact ?? ''))
        .map((n) => ({
          url: results.url,
          lang,
          rule: v.id,
          impact: n.impact ?? v.impact ?? '',
          help: v.help,
          targets: n.target.map(String),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
        })),
    );
}

const findingKey = (f: AxeFinding) => `${f.rule}|${f.targets.join(' ')}`;

function format(findings: AxeFinding[]): string {
  const lines = findings.map(
    (f) => `- [${f.impact}] ${f.rule} (${f.help}) on ${f.url} [${f.lang}]\n    element: ${f.targets.join(' ')}\n    ${f.summary}`,
  );
  return `axe-core found ${findings.length} serious/critical accessibility violation(s):\n${lines.join('\n')}`;
}

interface ScanSink {
  report(findings: AxeFinding[]): void;
  fail(error: unknown): void;
  /** Time a scan took: the test gets as much more time, so the check does not eat its timeout. */
  spent(ms: number): void;
}

/** Routes scanned in this worker: a page already checked for a role and language is not scanned again. */
const scannedRoutes = new Set<string>();

/** The signed-in role from the session cookie ('' when signed out): what a page shows depends on it. */
async function roleOf(page: Page): Promise<string> {
  try {
    const cookie = (await page.context().cookies()).find((c) => c.name === 'CURRENT_USER');
    const user = cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { role?: unknown }) : null;
    return typeof user?.role === 'string' ? user.role : '';
  } catch {
    return '';
  }
}

class PageWatcher {
  private chain: Promise<void> = Promise.resolve();
  private queued = false;

  constructor(
    private readonly page: Page,
    private readonly origin: string,
    private readonly sink: ScanSink,
  ) {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.queueRouteScan();
    });
  }

  /** One pending route scan at a time: navigations during a scan fold into the next one. */
  private queueRouteScan() {
    if (this.queued) return;
    this.queued = true;
    this.chain = this.chain.then(() => {
      this.queued = false;
      return this.scanState('new-route');
    });
  }

  /**
   * 'always' (`axe.scan`) scans the state as it is; 'final' (the end of the test) skips a route
   * already scanned unless a dialog or menu is open on it.
   */
  scan(mode: 'always' | 'final'): Promise<void> {
    this.chain = this.chain.then(() => this.scanState(mode));
    return this.chain;
  }

  /** Waits for the scans already started or queued. */
  idle(): Promise<void> {
    return this.chain;
  }

  /**
   * A page of this app: not another origin, nor what is under /api/ (the API's answers, and the API
   * reference at /api/docs, which is Swagger UI's page, not ours: e2e/api-docs.spec.ts).
   */
  private isAppPage(): boolean {
    if (this.page.isClosed()) return false;
    const url = this.page.url();
    return url.startsWith(this.origin) && !new URL(url).pathname.startsWith('/api/');
  }

  private async scanState(mode: 'new-route' | 'final' | 'always') {
    const url = this.page.url();
    try {
      if (!this.isAppPage()) return;
      const { lang, html, overlay } = await settle(this.page);
      if (!html || this.page.url() !== url) return;
      const route = `${await roleOf(this.page)}|${routeKey(url, lang)}`;
      const seen = scannedRoutes.has(route);
      if ((mode === 'new-route' && seen) || (mode === 'final' && seen && !overlay)) return;
      const first = await this.analyze();
      if (this.page.url() !== url) return;
      scannedRoutes.add(route);
      if (first.length === 0) return;
      // Confirmed on a settled page: what was only caught mid-change is not reported.
      await settle(this.page);
      const again = new Set((await this.analyze()).map(findingKey));
      if (this.page.url() !== url) return;
      this.sink.report(first.filter((f) => again.has(findingKey(f))));
    } catch (error) {
      // A page that navigated, closed or went away mid-scan: its next route is scanned on its own.
      if (!this.page.isClosed() && this.page.url() === url && !isNavigationError(error)) this.sink.fail(error);
    }
  }

  private async analyze(): Promise<AxeFinding[]> {
    const started = Date.now();
    try {
      return await analyze(this.page);
    } finally {
      this.sink.spent(Date.now() - started);
    }
  }
}

function isNavigationError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  // The last one: a load replaced the document between injecting axe and running it.
  return /Execution context was destroyed|has been closed|navigat|frame was detached|Cannot find context|reading 'run(Partial)?'/i.test(message);
}

const failedAlready = (testInfo: TestInfo) => testInfo.status !== undefined && testInfo.status !== testInfo.expectedStatus;

/** Contexts a test makes itself are watched too; the original method is back after the test. */
function patchNewContext(browser: Browser, onContext: (ctx: BrowserContext) => void): () => void {
  const original = browser.newContext;
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const ctx = await original.apply(browser, args);
    onContext(ctx);
    return ctx;
  };
  return () => {
    browser.newContext = original;
  };
}

export const axeFixtures: Fixtures<AxeFixtures, object, PlaywrightTestArgs, PlaywrightWorkerArgs> = {
  axe: [
    async ({ browser, context }, use, testInfo) => {
      const origin = new URL(workerBaseURL(testInfo)).origin;
      const findings = new Map<string, AxeFinding>();
      const errors: unknown[] = [];
      const watchers = new Map<Page, PageWatcher>();
      const sink: ScanSink = {
        report: (list) => list.forEach((f) => findings.set(`${f.url}|${f.lang}|${findingKey(f)}`, f)),
        fail: (error) => errors.push(error),
        spent: (ms) => testInfo.setTimeout(testInfo.timeout + ms),
      };
      const watch = (page: Page) => {
        if (!watchers.has(page)) watchers.set(page, new PageWatcher(page, origin, sink));
      };
      const watchContext = (ctx: BrowserContext) => {
        ctx.pages().forEach(watch);
        ctx.on('page', watch);
      };
      watchContext(context);
      const restore = patchNewContext(browser, watchContext);

      await use({
        scan: async (page) => {
          watch(page);
          await watchers.get(page)?.scan('always');
        },
      });

      restore();
      if (!failedAlready(testInfo)) await Promise.all([...watchers.values()].map((w) => w.scan('final')));
      await Promise.all([...watchers.values()].map((w) => w.idle()));
      if (failedAlready(testInfo)) return;
      if (errors.length > 0) throw errors[0];
      if (findings.size === 0) return;
      const list = [...findings.values()];
      await testInfo.attach('axe-violations.json', { body: JSON.stringify(list, null, 2), contentType: 'application/json' });
      throw new Error(format(list));
    },
    { auto: true },
  ],
};
