import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import log from 'electron-log/node';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fileHoldsCardNumber } from '../support/card-scan';
import { secretsInLog } from '../support/log-scan';
import type { AgentQuestion } from '../../electron/core/agent-questions';
import { createCore } from '../../electron/core/core';
import type { Core, CoreOptions } from '../../electron/core/core';
import { createDispatcher, logUnexpectedFailure } from '../../electron/core/dispatch';
import { logConsoleToFile } from '../../electron/core/log-file';
import { writeChunks } from '../../electron/core/file-saver';
import { createKeychainStore } from '../../electron/core/secrets';
import { asBuiltInService } from '../../electron/main/built-in-service';
import { startSandbox } from '../../electron/sandbox/sandbox';
import type { Dialect } from '../../electron/sandbox/dialect';
import type { Sandbox } from '../../electron/sandbox/sandbox';
import type { ControlSettings } from '../../shared/training-controls';
import { watchFocus } from './focus-watch';
import { BRIDGE_BUNDLE, LOGS, RENDERER_DIR, SCREENSHOTS } from './paths';
import { harnessPaymentWindows } from './harness-payment-windows';
import { serveDirectory } from './static-server';
import { readCatalog } from '../../scripts/compiled-catalogs';
import { PSEUDO_LANGUAGE } from '../../shared/i18n/languages';
import type { Language } from '../../shared/i18n/languages';
import { pseudoText } from '../../shared/i18n/pseudo-text';
import { PRODUCT_NAME } from '../../shared/i18n/messages';
import { SUITE_LANGUAGE } from './words';
import { notePseudoFindings } from './pseudo-sweep';

/** The English catalog: each message's words in the code, which a message looked up by id falls back to. */
const ENGLISH = readCatalog('shared/i18n/catalogs/en.json');
const startingWords = { id: 'app.starting', defaultMessage: ENGLISH['app.starting'] ?? '' };

/** Chromium as these machines run it: Debian's build, no sandbox as root, no calls home. */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-quic',
    '--no-first-run',
    '--disable-sync',
    // Date fields read day/month/year, as at a European counter and in the app's own formatting.
    '--lang=en-GB',
  ],
};

export interface Harness {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors in the page; a test ends with none. */
  pageErrors: string[];
  core: Core;
  training: Sandbox | null;
  /** Stops the built-in service, as when it crashes or the machine loses its network. */
  stopTrainingService(): Promise<void>;
  /** The keychain service name this run's keys are stored under. */
  keychainService: string;
  /**
   * Main's own questions to the agent (a native message box in the app): each one asked, and the
   * answers to give, in order (true goes ahead); with none left, the agent keeps things as they are.
   */
  agentQuestions: { asked: AgentQuestion[]; answers: boolean[] };
  /** Each document main printed on its own (a long report), as main handed it to the printer. */
  printedDocuments: string[];
  dataDir: string;
  /** This harness's log: what the core and the built-in service printed, through the app's redaction. */
  logFile: string;
  /** The words of catalog message `id` in the counter's language, as the screens show them: what a test looks for. */
  text(id: string, values?: Record<string, string | number>): string;
  /** A count as the screens write it in the counter's language ("1.234" in German; marked in the pseudo-locale). */
  count(value: number): string;
  /** Saves a screenshot of the app (or of another page, such as a 3-D Secure window) under test-results/screenshots. */
  screenshot(name: string, of?: Page): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  dataDir?: string;
  /** Start without the built-in service, as when it could not start. */
  withoutTrainingService?: boolean;
  trainingControls?: Partial<ControlSettings>;
  /** Which dialect the built-in service speaks (docs/service-behaviour.md); standard unless set. */
  dialect?: Dialect;
  /** How long the core waits for an answer, and how long a lost write may still land (see docs/ledger.md). */
  requestTimeoutMs?: number;
  doubtWindowMs?: number;
  /** electron-updater's updater (a stand-in app's, on a loopback feed), and the version the counter runs. */
  updater?: CoreOptions['updater'];
  version?: string;
  /** The counter's language before the page opens; the suite's (test/e2e/words.ts: English, or the pseudo-locale's run) unless set. */
  language?: Language;
}

/**
 * The databases (ledger and journal, settings, the built-in service's own, with their WAL files) and
 * logs in the data folder that hold something like a card number. Documents the agent saved (a
 * voucher PDF, whose cross-reference table is rows of digits) are not Packdesk's records.
 */
export function filesWithCardNumbers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(db|db-wal|db-journal|log)$/.test(name))
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile() && fileHoldsCardNumber(file));
}

/**
 * The app without Electron: the built renderer in Chromium, its `window.packdesk` bridge wired to
 * the real core services in this process through the same dispatcher the main process uses.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  // As in the app: what the core, the built-in service and the dispatcher print goes to a log file
  // through the app's own redaction (electron/core/log-file.ts), one file per harness.
  const logFile = join(LOGS, `harness-${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.log`);
  const stopLogging = logConsoleToFile(log, logFile, { catchErrors: false });
  console.info(`[start] the browser harness: Packdesk's core and renderer, logging to ${logFile}`);
  try {
    return await startLogged(options, logFile, stopLogging);
  } catch (error) {
    stopLogging();
    throw error;
  }
}

async function startLogged(options: HarnessOptions, logFile: string, stopLogging: () => void): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'packdesk-e2e-'));
  const keychainService = `Packdesk-e2e-${randomUUID()}`;
  const training = options.withoutTrainingService
    ? null
    : await startSandbox({
        dataFile: join(dataDir, 'training-service.db'),
        ...(options.dialect ? { dialect: options.dialect } : {}),
        controls: { supplierDelayMs: 300, ...options.trainingControls },
      });
  const site = await serveDirectory(RENDERER_DIR);
  const browser: Browser = await chromium.launch(CHROMIUM_OPTIONS);
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 1280, height: 820 },
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'Europe/Lisbon',
  });
  const agentQuestions: Harness['agentQuestions'] = { asked: [], answers: [] };
  const printedDocuments: string[] = [];
  const core = createCore({
    dataDir,
    secrets: createKeychainStore(keychainService),
    version: options.version ?? 'e2e',
    builtInService: () => (training ? asBuiltInService(training) : null),
    reconcilerTickMs: 200,
    connectivityIntervalMs: 500,
    ...(options.requestTimeoutMs ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.doubtWindowMs ? { doubtWindowMs: options.doubtWindowMs } : {}),
    ...(options.updater ? { updater: options.updater } : {}),
    paymentWindows: harnessPaymentWindows(
      context,
      () => site.url,
      () => core.language.words,
    ),
    // Chromium's own PDF printing of the voucher page, saved in the data folder as if the agent chose it.
    pdfPrinter: {
      savePdf: async (name) => (await page.pdf({ path: join(dataDir, name), format: 'A4', printBackground: true }), join(dataDir, name)),
      // A document of its own: a page of its own, as the app's hidden window with scripts off (the document's policy lets nothing run or load).
      saveDocumentPdf: async (name, html) => {
        printedDocuments.push(html);
        const printing = await context.newPage();
        try {
          await printing.setContent(html);
          await printing.pdf({ path: join(dataDir, name), format: 'A4', printBackground: true });
          return join(dataDir, name);
        } finally {
          await printing.close();
        }
      },
    },
    // A file the agent saves (an audit export) lands in the data folder, as if they chose it in the dialog.
    fileSaver: {
      saveText: async (name, text) => (writeFileSync(join(dataDir, name), text, 'utf8'), join(dataDir, name)),
      saveStream: async (name, chunks) => (await writeChunks(join(dataDir, name), chunks), join(dataDir, name)),
    },
    askAgent: async (question) => {
      agentQuestions.asked.push(question);
      return agentQuestions.answers.shift() ?? false;
    },
  });
  const dispatch = createDispatcher(core.handlers, logUnexpectedFailure, core.language.words);
  const page = await context.newPage();
  const focusLost = await watchFocus(page);
  // A locator that matches nothing fails within seconds with its name, instead of waiting out the test.
  page.setDefaultTimeout(8000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  await page.exposeBinding('__packdeskInvoke', (_source, channel: unknown, input: unknown) => dispatch(channel, input));
  await page.addInitScript({ path: BRIDGE_BUNDLE });
  const unsubscribe = core.events.subscribe((event) => {
    page.evaluate((pushed) => window.__packdeskEmit(pushed), event).catch(() => undefined);
  });
  const language = options.language ?? SUITE_LANGUAGE;
  if (language !== 'en') await core.language.choose(language);
  const wording = await core.language.words.wordingIn(language);
  await core.start();
  await page.goto(`${site.url}/index.html`);
  // Ready as an agent sees it: React renders after the page's load event, and keys pressed before
  // its listeners exist would be lost (an agent cannot be that fast; a test can).
  // The counter's screens drawn (the sign-in in front of them, where it asks), or why they cannot be: its language loaded, the app started.
  await page.locator('[data-testid="counter-work"], [role="alert"]').first().waitFor({ state: 'attached', timeout: 30_000 });
  await page.getByRole('status', { name: wording.say(startingWords, { product: PRODUCT_NAME }) }).waitFor({ state: 'detached' });

  return {
    page,
    context,
    core,
    text: (id, values) => wording.say({ id, defaultMessage: ENGLISH[id] ?? id }, values),
    count: (value) => {
      const written = new Intl.NumberFormat(wording.locale).format(value);
      return language === PSEUDO_LANGUAGE ? `[${pseudoText(written)}]` : written;
    },
    training,
    pageErrors,
    async stopTrainingService() {
      await training?.close();
    },
    keychainService,
    agentQuestions,
    printedDocuments,
    dataDir,
    logFile,
    async screenshot(name, of = page) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      // The pseudo-locale's run: every screen the suite shows is swept for words no catalog wrote.
      if (language === PSEUDO_LANGUAGE && of === page) await notePseudoFindings(page, core, options.version ?? 'e2e', name);
      // The same step against the other dialect is kept beside, not over, the one the docs show.
      // …and the suite's run in another language beside the English ones.
      const inLanguage = !options.language && SUITE_LANGUAGE !== 'en' ? `-${SUITE_LANGUAGE}` : '';
      const suffix = `${options.dialect && options.dialect !== 'standard' ? `-${options.dialect}` : ''}${inLanguage}`;
      await of.screenshot({ path: join(SCREENSHOTS, `${name}${suffix}.png`), animations: 'disabled' });
    },
    async close() {
      const lost = await focusLost();
      unsubscribe();
      await browser.close();
      await site.close();
      core.close();
      await training?.close();
      for (const { account } of await keytar.findCredentials(keychainService)) {
        await keytar.deletePassword(keychainService, account);
      }
      stopLogging();
      // Whatever the test did, no card number may be left in any file the app wrote, and its log holds nothing secret.
      const leaked = filesWithCardNumbers(dataDir);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (leaked.length) throw new Error(`Something like a card number was written to ${leaked.join(', ')}`);
      const inLog = secretsInLog(logFile);
      if (inLog.length) throw new Error(`The log ${logFile} holds what no log may: ${inLog.join('; ')}`);
      if (lost.length)
        throw new Error(`The focus was left on the page's body, where the agent's next key goes nowhere: ${lost.join('; ')}`);
    },
  };
}
