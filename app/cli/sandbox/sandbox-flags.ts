import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { DEFAULT_SANDBOX_PORT, PORT_MAX, PORT_MIN, readRequestedPort } from '../../../features/sandbox/common/sandbox-port.ts';
import { OPENAPI_FILE } from '../../node/runtime-files.ts';
import { resolveSandboxOptions, type SandboxOptions } from '../../../features/sandbox/server/config.ts';
import { NEARBY_PORTS } from '../../../features/sandbox/server/port.ts';
import { dataFolderFrom } from '../shared/data-folder.ts';
import { isUsageError, parseFlags, UsageError, wholeNumber } from '../shared/flags.ts';

/** The flags of `eventdesk sandbox`, read into sandbox options or into a message saying what is wrong. */

export const SANDBOX_USAGE = `Usage: eventdesk sandbox [options]

Runs the reference ingestion server (the sandbox) until Ctrl+C, SIGINT or SIGTERM.

Server
  --port N               Port to listen on, ${PORT_MIN} to ${PORT_MAX}, or 0 for any free one
                         (default ${DEFAULT_SANDBOX_PORT}, the app's; taken, the next free of the
                         ${NEARBY_PORTS} after it, said on standard error). A port named here
                         and taken stops the command instead: the SDK is set for it
  --host H               Address to listen on (default 127.0.0.1)
  --user U               Username of the account (default ${SANDBOX_DEMO_CREDENTIALS.username})
  --password P           Its password (default ${SANDBOX_DEMO_CREDENTIALS.password})
  --api-key K            The API key calls must carry (default ${SANDBOX_DEMO_CREDENTIALS.apiKey})
  --token-ttl SECONDS    How long an access token lasts (default 3600)
  --time-zone ZONE       IANA time zone of expires_in (default UTC)
  --max-body BYTES       Largest request body taken (default 1048576)
  --body-buffer BYTES    Request bodies held in memory at once, across all
                         connections; past it a request gets 503 (default 16 bodies
                         of --max-body)
  --max-connections N    Connections open at once; past it the longest idle one is
                         closed, or with none idle a request gets 503 (default 128)
  --service-id-field F   Real name of the event's svc_id field (default svc_id)
  --lenient              Take any JSON array of events, unchecked
  --plan FILE            Check events against a tracking plan (*.plan.json): strict
                         mode answers 422 to a request whose events break it (errors;
                         warnings pass), both modes record every violation in the
                         traffic. Editing FILE reloads it
  --log FILE             Also append every request to FILE, one JSON line each
  --capture              Keep every request and its events, masked, in capture.sqlite in
                         the data folder (read it with eventdesk capture list|show|export)
  --data DIR             The data folder --capture keeps it in (default: the app's,
                         EVENTDESK_DATA_DIR when set)

Forwarding (a recording proxy)
  --forward URL          Pass every request but /_sandbox/* on to the service at URL as
                         received, the SDK's own credentials included, and answer with
                         what it answers; both are recorded in the traffic. An upstream
                         that fails gets the SDK a 502 that says why
  --forward-timeout MS   How long to wait for the upstream's whole answer (default 30000)

Faults, for requests whose headers pass: a wrong API key or token is refused at once
(also changeable at run time: PATCH /_sandbox/faults)
  --latency MS           Delay every answer
  --fail-rate P          Probability (0 to 1) that a /user/events request fails...
  --fail-status CODE     ...with this status, or "reset" to cut the connection (default 500)
  --fail-sequence CODES  Answers to the next /user/events requests, e.g. 500,429,reset,200
                         (200 answers normally)
  --retry-after SECONDS  Retry-After of a forced 429 (default 1)
  --retry-after-date     Send Retry-After as an HTTP date instead of seconds
  --max-events N         More events than this in one request get 413

  -h, --help             Show this help

Exit codes: 0 stopped by Ctrl+C, SIGINT or SIGTERM, 1 it cannot listen (a port named with
--port and taken, an address that is not this computer's), 2 the command was called wrong or
the --plan file is no plan.
`;

const FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  'api-key': { type: 'string' },
  'token-ttl': { type: 'string' },
  'time-zone': { type: 'string' },
  'max-body': { type: 'string' },
  'body-buffer': { type: 'string' },
  'max-connections': { type: 'string' },
  'service-id-field': { type: 'string' },
  lenient: { type: 'boolean' },
  plan: { type: 'string' },
  log: { type: 'string' },
  forward: { type: 'string' },
  'forward-timeout': { type: 'string' },
  capture: { type: 'boolean' },
  data: { type: 'string' },
  latency: { type: 'string' },
  'fail-rate': { type: 'string' },
  'fail-status': { type: 'string' },
  'fail-sequence': { type: 'string' },
  'retry-after': { type: 'string' },
  'retry-after-date': { type: 'boolean' },
  'max-events': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Which flag sets which option, to name the flag when the option is out of range. */
const FLAG_OF_OPTION: ReadonlyArray<[option: string, flag: string]> = [
  ['port', '--port'],
  ['host', '--host'],
  ['users.0.username', '--user'],
  ['users.0.password', '--password'],
  ['apiKeys', '--api-key'],
  ['tokenTtlSeconds', '--token-ttl'],
  ['timeZone', '--time-zone'],
  ['maxBodyBytes', '--max-body'],
  ['bodyBufferBytes', '--body-buffer'],
  ['maxConnections', '--max-connections'],
  ['serviceIdField', '--service-id-field'],
  ['planFile', '--plan'],
  ['logFile', '--log'],
  ['forward.url', '--forward'],
  ['forward.timeoutMs', '--forward-timeout'],
  ['faults.latencyMs', '--latency'],
  ['faults.failRate', '--fail-rate'],
  ['faults.failStatus', '--fail-status'],
  ['faults.failSequence', '--fail-sequence'],
  ['faults.retryAfterSeconds', '--retry-after'],
  ['faults.maxEvents', '--max-events'],
];

/**
 * `capture`: the data folder to capture into, or null without --capture. `portNamed`: --port
 * chose the port, which then is not given up for another when taken.
 */
export type SandboxFlags =
  { ok: true; help: true } | { ok: true; help: false; options: SandboxOptions; capture: string | null; portNamed: boolean } | { ok: false; message: string };

/** --port by the app's rule (features/sandbox/common/sandbox-port.ts), the app's default when absent. */
function portOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_SANDBOX_PORT;
  const read = readRequestedPort(text);
  if (!read.ok) throw new UsageError(`--port: "${text}": ${read.message}`);
  return read.port;
}

function fraction(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) throw new UsageError(`${flag}: "${text}" is not a number from 0 to 1.`);
  const value = Number(text);
  // The app's form takes a percent; here it is a fraction, so 50 is most likely 50 %.
  if (value > 1)
    throw new UsageError(
      `${flag}: ${text} is more than 1. It is a fraction from 0 to 1: ${value <= 100 ? `${value / 100} fails ${text} % of the requests` : '0.5 fails half the requests'}.`,
    );
  return value;
}

/** A status code or "reset"; which codes are allowed where is for the options to say. */
function answerCode(flag: string, text: string): number | 'reset' {
  return text === 'reset' ? 'reset' : wholeNumber(flag, text)!;
}

/** `recorded`: --capture keeps the exchanges, so a 502 may say the request was recorded. */
function forwardOf(
  url: string | undefined,
  timeoutMs: number | undefined,
  recorded: boolean,
): { url: string; timeoutMs: number | undefined; recorded: boolean } | undefined {
  if (url === undefined && timeoutMs !== undefined) throw new UsageError('--forward-timeout: only with --forward URL.');
  return url === undefined ? undefined : { url, timeoutMs, recorded };
}

function readFlags(args: string[]) {
  return parseFlags({ args, options: FLAGS, strict: true, allowPositionals: false });
}

/** The options as the flags give them, unchecked: resolveSandboxOptions checks them in one place. */
function optionsOf(values: ReturnType<typeof readFlags>['values']): Record<string, unknown> {
  const { user, password } = values;
  const failStatus = values['fail-status'];
  return {
    port: portOf(values.port),
    host: values.host,
    users:
      user === undefined && password === undefined
        ? undefined
        : [{ username: user ?? SANDBOX_DEMO_CREDENTIALS.username, password: password ?? SANDBOX_DEMO_CREDENTIALS.password }],
    apiKeys: values['api-key'] === undefined ? undefined : [values['api-key']],
    tokenTtlSeconds: wholeNumber('--token-ttl', values['token-ttl']),
    timeZone: values['time-zone'],
    maxBodyBytes: wholeNumber('--max-body', values['max-body']),
    bodyBufferBytes: wholeNumber('--body-buffer', values['body-buffer']),
    maxConnections: wholeNumber('--max-connections', values['max-connections']),
    serviceIdField: values['service-id-field'],
    mode: values.lenient ? 'lenient' : undefined,
    planFile: values.plan,
    logFile: values.log,
    forward: forwardOf(values.forward, wholeNumber('--forward-timeout', values['forward-timeout']), values.capture === true),
    openapiFile: OPENAPI_FILE,
    faults: {
      latencyMs: wholeNumber('--latency', values.latency),
      failRate: fraction('--fail-rate', values['fail-rate']),
      failStatus: failStatus === undefined ? undefined : answerCode('--fail-status', failStatus),
      failSequence: values['fail-sequence']?.split(',').map((code) => answerCode('--fail-sequence', code.trim())),
      retryAfterSeconds: wholeNumber('--retry-after', values['retry-after']),
      retryAfterAsDate: values['retry-after-date'],
      maxEvents: wholeNumber('--max-events', values['max-events']),
    },
  };
}

function flagOf(option: string): string {
  return FLAG_OF_OPTION.find(([prefix]) => option === prefix || option.startsWith(`${prefix}.`))?.[1] ?? option;
}

export function readSandboxFlags(args: string[]): SandboxFlags {
  try {
    const { values } = readFlags(args);
    if (values.help) return { ok: true, help: true };
    if (values.data !== undefined && !values.capture) throw new UsageError('--data says where --capture keeps the capture; there is no --capture.');
    const resolved = resolveSandboxOptions(optionsOf(values));
    const capture = values.capture ? dataFolderFrom(values.data) : null;
    if (resolved.ok) return { ok: true, help: false, options: resolved.value, capture, portNamed: values.port !== undefined };
    return { ok: false, message: resolved.problems.map((problem) => `${flagOf(problem.option)}: ${problem.message}`).join('\n') };
  } catch (error) {
    if (isUsageError(error)) return { ok: false, message: error.message };
    throw error;
  }
}
