import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { freePort } from '../../src/servers';
import type { ElementRef, EngineBrowser, EngineDriver, Key, Located, PageFunction } from './driver';
import { VIEWPORT } from './driver';
import { missingEngine } from './missing';

const require = createRequire(import.meta.url);
// pngjs ships no types; only what cropping needs.
interface Picture {
  width: number;
  height: number;
  data: Buffer;
}
const { PNG } = require('pngjs') as {
  PNG: {
    new (size: { width: number; height: number }): Picture;
    sync: { read(buffer: Buffer): Picture; write(png: Picture): Buffer };
    bitblt(
      src: Picture,
      dst: Picture,
      x: number,
      y: number,
      w: number,
      h: number,
      dx: number,
      dy: number,
    ): void;
  };
};

/**
 * WebKitGTK (Debian's webkit2gtk-driver): WebKitWebDriver on a free loopback port under
 * `xvfb-run -a` (MiniBrowser needs a display), driven with plain W3C WebDriver HTTP calls.
 */
const DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const MINIBROWSER_PATH =
  process.env.WEBKIT_MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB_RUN = '/usr/bin/xvfb-run';
/**
 * xvfb-run's own screen, and `-noreset`: by default an X server resets when its last client
 * disconnects, and a client connecting during the reset is refused. Each test's MiniBrowser is the
 * display's only client, so the next test's browser met the reset of the last one's closing
 * ('cannot open display', CI run 23; on a loaded machine about one connection in thirty, measured
 * with xdpyinfo against a bare Xvfb, none with -noreset).
 */
const XVFB_ARGS = '-screen 0 1280x1024x24 -noreset';
/** How long the driver may take to answer /status after it was started. */
const START_TIMEOUT_MS = 20_000;
/** The longest a WebDriver command may go unanswered (a page load included) before its step fails. */
const COMMAND_TIMEOUT_MS = 20_000;

/** The W3C name of an element reference in a command's JSON. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';
type WireElement = { [ELEMENT_KEY]: string };

/** The WebDriver key codes of the keys the journeys press. */
const KEY_CODES: Record<Key, string> = { Tab: '\uE004', Enter: '\uE007', Escape: '\uE00C' };

interface WebKitElement extends ElementRef {
  readonly id: string;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of a PNG inside a box (device pixels). */
function crop(picture: Buffer, box: Box): Buffer {
  const source = PNG.sync.read(picture);
  const x = Math.max(0, Math.round(box.x));
  const y = Math.max(0, Math.round(box.y));
  const width = Math.min(Math.round(box.width), source.width - x);
  const height = Math.min(Math.round(box.height), source.height - y);
  const target = new PNG({ width, height });
  PNG.bitblt(source, target, x, y, width, height, 0, 0);
  return PNG.sync.write(target);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The last lines the driver and its browser wrote, for an error that needs them. */
function tail(file: string | undefined, lines = 25): string {
  if (!file) return '';
  try {
    const text = readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    return text ? `\n--- last lines of ${file} ---\n${text}` : '';
  } catch {
    return '';
  }
}

/**
 * The driver's processes as `ps` sees them (state, CPU, age): a hung command then says whether the
 * web process died, spins or waits.
 */
function processes(group: number | undefined): string {
  if (group === undefined) return '';
  try {
    const table = execFileSync('ps', ['-o', 'pid,stat,pcpu,etimes,args', '-g', String(group)], {
      encoding: 'utf8',
    });
    return `\n--- the driver's processes ---\n${table.trimEnd()}`;
  } catch {
    return '';
  }
}

/** What a hung command's error quotes about the driver. */
interface Diagnostics {
  log: string;
  group: number | undefined;
}

/** One WebDriver endpoint: a command's reply value, or an error naming the command and the driver's message. */
function webDriverClient(base: string, diagnostics?: Diagnostics) {
  return async function command(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<unknown> {
    let response: Response;
    let reply: unknown;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
      });
      reply = await response.json();
    } catch (error) {
      // A driver that stops answering must fail the step it hung in, by name, well inside the
      // test's own timeout (one run hung in a script call until the test and its teardown timed out).
      if (error instanceof DOMException && error.name === 'TimeoutError')
        throw new Error(
          `WebDriver ${method} ${path}: no answer within ${COMMAND_TIMEOUT_MS / 1000} s${processes(diagnostics?.group)}${tail(diagnostics?.log)}`,
        );
      throw error;
    }
    const value = isRecord(reply) ? reply.value : undefined;
    if (!response.ok) {
      const detail = isRecord(value) ? `${String(value.error)}: ${String(value.message)}` : String(value);
      throw new Error(`WebDriver ${method} ${path}: HTTP ${response.status} ${detail}`);
    }
    return value;
  };
}

function keyActions(codes: string[]) {
  return {
    actions: [
      {
        type: 'key',
        id: 'keyboard',
        actions: codes.flatMap((value) => [
          { type: 'keyDown', value },
          { type: 'keyUp', value },
        ]),
      },
    ],
  };
}

function webkitTab(command: ReturnType<typeof webDriverClient>, sessionId: string): EngineDriver {
  const session = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    command(method, `/session/${sessionId}${path}`, body);
  const script = (fn: { toString(): string }) => `return (${fn.toString()})(arguments[0]);`;
  const idOf = (element: ElementRef) => (element as WebKitElement).id;
  const png = (base64: unknown) => Buffer.from(String(base64), 'base64');
  return {
    engine: 'webkit',
    goto: async (url) => {
      await session('POST', '/url', { url });
    },
    url: async () => String(await session('GET', '/url')),
    evaluate: async <A, R>(fn: PageFunction<A, R>, arg: A) =>
      (await session('POST', '/execute/sync', { script: script(fn), args: [arg] })) as R,
    locate: async <A, S>(fn: PageFunction<A, Located<S>>, arg: A) => {
      const reply = (await session('POST', '/execute/sync', { script: script(fn), args: [arg] })) as {
        element: WireElement | null;
        state: S;
      };
      const element: WebKitElement | null = reply.element
        ? { engine: 'webkit', id: reply.element[ELEMENT_KEY] }
        : null;
      return { element, state: reply.state };
    },
    click: async (element) => {
      // Scrolled into view first, and two frames let by: WebKitWebDriver's own scroll before a
      // click can race the click's coordinates on a loaded machine (a help-page click once landed
      // on a telephone link above the button).
      await session('POST', '/execute/async', {
        script: `const [el, done] = arguments; el.scrollIntoView({ block: 'center', inline: 'center' });
          requestAnimationFrame(() => requestAnimationFrame(() => done(true)));`,
        args: [{ [ELEMENT_KEY]: idOf(element) }],
      });
      await session('POST', `/element/${idOf(element)}/click`, {});
    },
    type: async (text) => {
      await session('POST', '/actions', keyActions([...text]));
    },
    press: async (key) => {
      await session('POST', '/actions', keyActions([KEY_CODES[key]]));
    },
    screenshot: async (element) => {
      if (!element) return png(await session('GET', '/screenshot'));
      // WebKitWebDriver's element screenshot is shifted by the browser's toolbar (2.50): the
      // element's box is cut out of a picture of the viewport instead.
      const box = (await session('POST', '/execute/sync', {
        script: `const el = arguments[0]; el.scrollIntoView({ block: 'center' });
          const r = el.getBoundingClientRect(); const s = window.devicePixelRatio;
          return { x: r.x * s, y: r.y * s, width: r.width * s, height: r.height * s };`,
        args: [{ [ELEMENT_KEY]: idOf(element) }],
      })) as Box;
      return crop(png(await session('GET', '/screenshot')), box);
    },
    readClipboard: async () => null,
    pageErrors: () => null,
    close: async () => {
      await session('DELETE', '');
    },
  };
}

async function untilReady(command: ReturnType<typeof webDriverClient>, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
    try {
      const status = await command('GET', '/status');
      if (isRecord(status) && status.ready === true) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`WebKitWebDriver did not answer within ${START_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ends xvfb-run, Xvfb, the driver and its browsers: the whole process group. */
function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return done();
    child.once('exit', () => done());
    process.kill(-child.pid, 'SIGTERM');
  });
}

/** A running WebKitWebDriver under its own Xvfb: the process group and its endpoint. */
interface RunningDriver {
  driver: ChildProcess;
  command: ReturnType<typeof webDriverClient>;
}

async function startDriver(): Promise<RunningDriver> {
  const port = await freePort();
  // What xvfb-run, the driver and MiniBrowser print goes to a file: a command that hangs quotes its end.
  const log = join(mkdtempSync(join(tmpdir(), 'webkit-driver-')), 'output.log');
  const output = openSync(log, 'a');
  // `-a` looks for a free display from `-n`: workers start their search at different numbers, so two
  // launching at once do not both pick the first free one.
  const display = 100 + (port % 400);
  const driver = spawn(
    XVFB_RUN,
    ['-n', String(display), '-a', '-s', XVFB_ARGS, DRIVER_PATH, `--port=${port}`],
    {
      detached: true,
      stdio: ['ignore', output, output],
    },
  );
  closeSync(output);
  // Its own process group (so one signal ends xvfb-run, Xvfb, the driver and its browsers); should
  // the worker exit without its teardown, the group goes with it.
  const orphanGuard = () => {
    if (driver.pid !== undefined && driver.exitCode === null) process.kill(-driver.pid, 'SIGTERM');
  };
  process.once('exit', orphanGuard);
  driver.once('exit', () => process.off('exit', orphanGuard));
  const command = webDriverClient(`http://127.0.0.1:${port}`, { log, group: driver.pid });
  try {
    await untilReady(command, driver);
  } catch (error) {
    await stopGroup(driver);
    throw error;
  }
  return { driver, command };
}

async function openSession({ command }: RunningDriver): Promise<EngineDriver> {
  const reply = await command('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
      },
    },
  });
  const sessionId = isRecord(reply) ? String(reply.sessionId) : '';
  const tab = webkitTab(command, sessionId);
  await command('POST', `/session/${sessionId}/window/rect`, VIEWPORT);
  return tab;
}

export async function launchWebKit(): Promise<EngineBrowser> {
  for (const path of [DRIVER_PATH, MINIBROWSER_PATH, XVFB_RUN])
    if (!existsSync(path)) throw missingEngine('webkit', path);
  const running = await startDriver();
  return {
    engine: 'webkit',
    open: () => openSession(running),
    close: () => stopGroup(running.driver),
  };
}
