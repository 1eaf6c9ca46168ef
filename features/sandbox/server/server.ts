import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../../base/common/errors.ts';
import type { SandboxFaults, SandboxFaultsPatch, SandboxInfo, SandboxPlan, SandboxRequestRecord } from '../common/sandbox.ts';
import { checkHost, checkOrigin, type ListeningAddress } from './admission.ts';
import { readBody, unreadBody, type BodyRead, type UnreadBody } from './body/body.ts';
import { createBodyBudget } from './body/body-budget.ts';
import { resolveSandboxOptions, type SandboxOptions, type SandboxStartOptions } from './config.ts';
import { capConnections } from './connections.ts';
import { createEventsRoute } from './events.ts';
import type { ExchangeListener, SandboxExchange } from './exchange.ts';
import { createFaultInjector } from './faults.ts';
import { createForwarder, forwardedEvents, forwardedPart, type Forwarder } from './forward.ts';
import { leadsBackTo } from './forward-loop.ts';
import { ForwardSettingsSchema, type ForwardSettings } from './forward-settings.ts';
import { createLoginRoute } from './login.ts';
import { writeAnswer } from './respond.ts';
import { busy, failure, findRoute, isRoute, type Answer, type Reply, type Route, type Routes } from './route.ts';
import { createTokenStore } from './tokens.ts';
import { createOpenApiAnswer } from './openapi.ts';
import { createPlanFile, type PlanListener } from './plan-file.ts';
import { createToolRoutes } from './tools.ts';
import { openTrafficLog } from './traffic-log.ts';
import { pendingRecord } from './traffic-record.ts';
import { createTraffic, type TrafficListener } from './traffic.ts';

/**
 * The sandbox: a faithful implementation of docs/service-api.md on plain node:http, embedded in the
 * app as the "Local sandbox" environment and run on its own by `eventdesk sandbox`.
 */

export interface SandboxServer {
  /** Where it listens, e.g. http://127.0.0.1:49152; listenOn changes it. */
  readonly url: string;
  /** The options in force, the port as bound; secrets included (main process only). */
  options: SandboxOptions;
  /**
   * Listens on `port` instead, keeping everything else (traffic, tokens, plan, faults) and
   * finishing the requests under way. A port another program holds throws an AppError
   * (sandbox-port-taken) and it stays where it was.
   */
  listenOn(port: number): Promise<void>;
  info(): SandboxInfo;
  faults(): SandboxFaults;
  /** Throws an AppError for an invalid patch. */
  setFaults(patch: SandboxFaultsPatch): SandboxFaults;
  /** What it holds now: open connections, and bytes of request bodies buffered (at most `options.bodyBufferBytes`). */
  load(): { connections: number; bodyBytes: number };
  /** Newest first. */
  traffic(): SandboxRequestRecord[];
  clearTraffic(): void;
  /** Called with each request once answered; returns the unsubscribe function. */
  onRequest(listener: TrafficListener): () => void;
  /**
   * Called with each request to the service's endpoints once answered, whole and with its parsed
   * events (see SandboxExchange), for the capture; returns the unsubscribe function. A listener
   * runs on the request's path: it queues what it keeps and returns.
   */
  onExchange(listener: ExchangeListener): () => void;
  /** The tracking plan in use, or null. */
  plan(): SandboxPlan | null;
  /**
   * Checks events against the plan in `file` from now on (null: no plan), reloading it when
   * it changes. A file that cannot be loaded throws an AppError and leaves the plan in force,
   * unless `onFailure` is 'keep': then it is watched until it loads, its problem in plan().
   */
  usePlan(file: string | null, onFailure?: 'throw' | 'keep'): Promise<SandboxPlan | null>;
  /** Called when the plan is chosen, cleared, reloaded or fails to reload; returns the unsubscribe function. */
  onPlanChange(listener: PlanListener): () => void;
  /** Where it forwards requests for the service, or null when it answers them itself. */
  forward(): ForwardSettings | null;
  /**
   * Forwards every request for the service to this upstream from now on (null: answers them
   * itself). Requests under way finish as they began; the connections kept open to the former
   * upstream close once they have. Settings that are not valid (sandbox-forward-invalid), or an
   * upstream that is this sandbox (sandbox-forward-loop), throw and leave forwarding as it was.
   */
  setForward(settings: { url: string; timeoutMs?: number } | null): Promise<ForwardSettings | null>;
  close(): Promise<void>;
}

/** Node's own limit on receiving a whole request sits just behind ours, as a backstop. */
const REQUEST_TIMEOUT_SLACK_MS = 1000;

/** Node checks its timeouts on a timer (30 s by default), too coarse for short timeouts. */
function timeoutCheckInterval(headersTimeoutMs: number): number {
  return Math.min(1000, Math.max(10, Math.floor(headersTimeoutMs / 4)));
}

/** A bug of the sandbox's own costs one request a 500, never the server. */
function internalError(error: unknown): Reply {
  console.error('The sandbox failed on a request:', error);
  return failure(500, 'internal-error', 'The sandbox failed on this request; it keeps running.');
}

function answerToUnreadBody(problem: Exclude<BodyRead, { ok: true }>['problem'], options: SandboxOptions): Answer {
  switch (problem) {
    case 'too-large':
      return { ...failure(413, 'body-too-large', `The body is over the limit of ${options.maxBodyBytes} bytes.`), closeConnection: true };
    case 'too-slow':
      return { ...failure(408, 'body-timeout', `The body did not arrive within ${options.bodyTimeoutMs} ms.`), closeConnection: true };
    case 'over-budget':
      return busy('bodies-over-budget', `The sandbox holds as many request bodies as it buffers at once (${options.bodyBufferBytes} bytes).`);
    case 'aborted':
      return 'reset';
  }
}

/** The forward settings checked as at start, or why they cannot be used. */
function checkedForward(settings: { url: string; timeoutMs?: number }): ForwardSettings {
  const parsed = ForwardSettingsSchema.safeParse(settings);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
  throw new AppError('sandbox-forward-invalid', `The sandbox cannot forward there: ${problems.join('; ')}`);
}

function loopError(url: string): AppError {
  return new AppError('sandbox-forward-loop', `${url} is this sandbox's own address: forwarding there would pass each request back to itself without end.`);
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Why it cannot listen there: a port another program holds has its own code, so a caller can try another. */
function listenError(error: unknown, host: string, port: number): AppError {
  const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
  return taken
    ? new AppError('sandbox-port-taken', `Port ${port} is in use by another program.`, (error as Error).message)
    : new AppError('sandbox-listen', `The sandbox cannot listen on ${host}:${port}: ${(error as Error).message}`);
}

export async function startSandbox(options: SandboxStartOptions = {}): Promise<SandboxServer> {
  const resolved = resolveSandboxOptions(options);
  if (!resolved.ok) {
    const problems = resolved.problems.map((problem) => `${problem.option}: ${problem.message}`);
    throw new AppError('sandbox-options', `Invalid sandbox options: ${problems.join('; ')}`);
  }
  const config = resolved.value;
  const traffic = createTraffic({ records: config.trafficLimit, totalBytes: config.trafficTotalBytes });
  const faults = createFaultInjector(config.faults, config.now);
  const plan = createPlanFile();
  if (config.planFile !== null) await plan.use(config.planFile);
  const tokens = createTokenStore({ ttlSeconds: config.tokenTtlSeconds, timeZone: config.timeZone, now: config.now });
  const serviceRoutes: Routes = {
    '/oauth2/login': { POST: createLoginRoute(config.users, tokens) },
    '/user/events': {
      POST: {
        ...createEventsRoute({ apiKeys: config.apiKeys, tokens, faults, mode: config.mode, serviceIdField: config.serviceIdField, plan }),
        injectsFaults: true,
      },
    },
  };
  const toolRoutes = createToolRoutes(
    traffic,
    faults,
    tokens,
    createOpenApiAnswer(config.openapiFile, () => url),
  );
  const log =
    config.logFile === null
      ? null
      : await openTrafficLog(config.logFile).catch((error: unknown) => {
          plan.close();
          throw error;
        });
  if (log) traffic.subscribe((record) => log.write(record));
  const stopping = new AbortController();
  const bodyBudget = createBodyBudget(config.bodyBufferBytes);
  let forwarder: Forwarder | null = config.forward === null ? null : createForwarder(config.forward);
  let forwardSettings = config.forward;
  /** Changes of forwarding go one at a time: each waits for its name to resolve. */
  let forwardChanges: Promise<unknown> = Promise.resolve();
  // The port is known once listening; no request arrives before.
  const listening: ListeningAddress = { host: config.host, port: config.port };
  let lastId = 0;
  const exchangeListeners = new Set<ExchangeListener>();
  const trafficMasking = { bodyLimit: config.trafficBodyBytes, secrets: [...config.apiKeys, ...config.users.map((user) => user.password)] };

  function tellExchange(exchange: SandboxExchange): void {
    for (const listener of exchangeListeners) {
      try {
        listener(exchange);
      } catch (error) {
        // A listener's failure (the capture's) never costs the client its answer.
        console.error('A sandbox exchange listener failed:', error);
      }
    }
  }

  async function serviceAnswer(route: Route, body: Buffer): Promise<{ answer: Answer; fault: SandboxRequestRecord['fault'] }> {
    const { latencyMs } = faults.current();
    if (latencyMs > 0) await sleep(latencyMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    const forced = route.injectsFaults ? faults.next() : null;
    if (forced) return { answer: forced.answer, fault: forced.source };
    return { answer: await route.answer(body, new URLSearchParams()), fault: null };
  }

  /**
   * The route that will read and answer a request, or the refusal it gets from its connection
   * and headers alone: a refused request's body is never read, so it costs no memory.
   */
  function admit(request: IncomingMessage, isTool: boolean, found: Route | Reply): Route | Reply {
    const refused = connections.refusal(request.socket) ?? checkOrigin(request.headers) ?? (isTool ? checkHost(request.headers, listening) : null);
    if (refused) return refused;
    if (!isRoute(found)) return found;
    return found.admit?.(request.headers) ?? found;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const time = config.now();
    const started = performance.now();
    const url = request.url ?? '/';
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const isTool = path.startsWith('/_sandbox/');
    const lease = bodyBudget.lease();
    // Forwarding, every request for the service goes to the upstream; the tools stay here. The
    // forwarder is taken once: a request under way when forwarding changes ends as it began.
    const through = isTool ? null : forwarder;
    const route = admit(request, isTool, through ? through.route(request, lease) : findRoute(isTool ? toolRoutes : serviceRoutes, request.method ?? '', path));

    let read: BodyRead | UnreadBody;
    let answer: Answer;
    let fault: SandboxRequestRecord['fault'] = null;
    try {
      if (!isRoute(route)) {
        read = unreadBody(request);
        // The unread rest of the request would be taken for the next one: close instead.
        answer = read.ok ? route : { ...route, closeConnection: true };
      } else {
        read = await readBody(request, { maxBytes: config.maxBodyBytes, timeoutMs: config.bodyTimeoutMs }, lease);
        try {
          if (!read.ok) answer = answerToUnreadBody(read.problem, config);
          else if (isTool) answer = await route.answer(read.body, new URLSearchParams(mark === -1 ? '' : url.slice(mark + 1)));
          else ({ answer, fault } = await serviceAnswer(route, read.body));
        } catch (error) {
          answer = internalError(error);
        }
      }

      const sent = through ? through.write(request, response, answer) : writeAnswer(request, response, answer);
      if (isTool) return;
      const shownRequestBody = isRoute(route) && route.showBody && read.body.length > 0 ? route.showBody(read.body) : read.body;
      const durationMs = performance.now() - started;
      const planCheck = answer === 'reset' ? null : (answer.planCheck ?? null);
      // The text the route decoded is the body shown, unless the route shows another.
      const shownRequestText = answer !== 'reset' && shownRequestBody === read.body ? answer.requestText : undefined;
      const id = ++lastId;
      const method = request.method ?? '';
      const target = request.url ?? '';
      const forwarded = forwardedPart(answer);
      traffic.add(
        pendingRecord(
          { id, time, durationMs, method, target, headers: request.headers, read, shownRequestBody, shownRequestText, sent, fault, plan: planCheck, forwarded },
          trafficMasking,
        ),
      );
      if (exchangeListeners.size > 0) {
        tellExchange({
          id,
          time,
          durationMs,
          method,
          target,
          headers: request.headers,
          body: shownRequestBody,
          bodyBytes: read.ok ? read.body.length : read.received,
          bodyComplete: read.ok,
          response: sent,
          fault,
          plan: planCheck?.plan ?? null,
          received: answer === 'reset' ? null : (answer.received ?? forwardedEvents(answer)),
          forwarded: forwarded ?? null,
        });
      }
    } finally {
      lease.release();
    }
  }

  const server = createServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.headersTimeoutMs + config.bodyTimeoutMs + REQUEST_TIMEOUT_SLACK_MS,
      connectionsCheckingInterval: timeoutCheckInterval(config.headersTimeoutMs),
    },
    (request, response) => {
      // A client that goes away mid-body is not the server's error.
      request.on('error', () => undefined);
      handle(request, response).catch((error: unknown) => {
        if (response.headersSent) response.destroy();
        else writeAnswer(request, response, internalError(error));
      });
    },
  );
  const connections = capConnections(server, config.maxConnections);
  try {
    await listen(server, config.port, config.host);
  } catch (error) {
    await log?.close();
    plan.close();
    throw listenError(error, config.host, config.port);
  }
  // A failed listen (listenOn a taken port) is its caller's to report.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.syscall !== 'listen') console.error('Sandbox server error:', error);
  });

  const bound: SandboxOptions = { ...config };
  let url = '';
  // What it listens on, for its options, its Host check and its URL.
  const readAddress = () => {
    bound.port = listening.port = (server.address() as AddressInfo).port;
    url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${bound.port}`;
  };
  readAddress();
  if (forwardSettings !== null && (await leadsBackTo(forwardSettings.url, listening))) {
    forwarder?.close();
    server.close();
    await log?.close();
    plan.close();
    throw loopError(forwardSettings.url);
  }
  let closing: Promise<void> | null = null;

  async function changeForward(settings: { url: string; timeoutMs?: number } | null): Promise<ForwardSettings | null> {
    const next = settings === null ? null : checkedForward(settings);
    if (next !== null && (await leadsBackTo(next.url, listening))) throw loopError(next.url);
    forwarder?.retire();
    forwarder = next === null ? null : createForwarder(next);
    forwardSettings = bound.forward = next;
    return next === null ? null : { ...next };
  }

  return {
    get url() {
      return url;
    },
    options: bound,
    async listenOn(port) {
      const previous = bound.port;
      if (port === previous) return;
      // Stops taking connections on the old port; those open finish their requests.
      server.close();
      try {
        await listen(server, port, config.host);
      } catch (error) {
        await listen(server, previous, config.host).catch((again: unknown) => {
          throw listenError(again, config.host, previous);
        });
        throw listenError(error, config.host, port);
      }
      readAddress();
    },
    info: () => ({
      url,
      mode: config.mode,
      serviceIdField: config.serviceIdField,
      timeZone: config.timeZone,
      tokenTtlSeconds: config.tokenTtlSeconds,
      maxBodyBytes: config.maxBodyBytes,
      demoUsername: config.users[0]!.username,
      demoPassword: config.users[0]!.password,
      demoApiKey: config.apiKeys[0]!,
      plan: plan.status(),
    }),
    faults: () => structuredClone(faults.current()),
    setFaults(patch) {
      const updated = faults.update(patch);
      if (!updated.ok) throw AppError.fromShape(updated.error);
      return structuredClone(updated.value);
    },
    load: () => ({ connections: connections.open(), bodyBytes: bodyBudget.held() }),
    traffic: () => traffic.list(),
    clearTraffic: () => traffic.clear(),
    onRequest: (listener) => traffic.subscribe(listener),
    onExchange(listener) {
      exchangeListeners.add(listener);
      return () => {
        exchangeListeners.delete(listener);
      };
    },
    plan: () => plan.status(),
    usePlan: (file, onFailure) => plan.use(file, onFailure),
    onPlanChange: (listener) => plan.onChange(listener),
    forward: () => (forwardSettings === null ? null : { ...forwardSettings }),
    setForward(settings) {
      const changed = forwardChanges.then(() => changeForward(settings));
      forwardChanges = changed.catch(() => undefined);
      return changed;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        stopping.abort();
        plan.close();
        forwarder?.close();
        server.close(() => resolve());
        // In-flight requests are cut: a stopped sandbox answers nothing more.
        server.closeAllConnections();
      }).then(() => log?.close());
      return closing;
    },
  };
}
