import { AppError, type Envelope } from '../../base/common/errors.ts';
import { redactText } from '../../base/common/redaction/redact.ts';
import { contract, isChannelName, pushes, type ChannelName, type OutputOf, type ParsedInputOf, type PayloadOf, type PushName } from '../common/ipc.ts';

/**
 * The one wrapper every IPC call goes through, in the app (ipcMain) and in the test harness
 * (HTTP). It rejects unknown channels, untrusted senders and payloads that fail the schema,
 * and parses what a handler returns through the output schema, which also strips any field
 * the contract does not name, so a service cannot leak more than the contract allows.
 */

export type Handler<C extends ChannelName> = (input: ParsedInputOf<C>) => Promise<OutputOf<C>> | OutputOf<C>;
export type Handlers = { [C in ChannelName]: Handler<C> };

/** Who sent a call, as far as the trust decision needs to know. */
export interface Sender {
  /** The sender is one of the app's own windows (or the harness's own page). */
  fromAppWindow: boolean;
  /** The call came from that window's main frame, not an iframe. */
  fromMainFrame: boolean;
  /** The URL of the sending frame. */
  url: string;
}

export type Dispatch = (channel: string, input: unknown, sender: Sender) => Promise<Envelope<unknown>>;

/** A call let in: a channel of the contract, from the app's own window, with its input parsed by the channel's schema. */
export type Admitted = { ok: true; channel: ChannelName; input: unknown } | { ok: false; envelope: Envelope<never> };

/** The first half of every call, where the window's calls arrive: refuses unknown channels, untrusted senders and inputs that fail the schema. */
export function admit(channel: string, input: unknown, sender: Sender, isTrustedUrl: (url: string) => boolean): Admitted {
  if (!isChannelName(channel)) {
    return { ok: false, envelope: fail(new AppError('unknown-channel', `There is no channel named "${String(channel).slice(0, 80)}".`)) };
  }
  if (!sender.fromAppWindow || !sender.fromMainFrame || !isTrustedUrl(sender.url)) {
    return { ok: false, envelope: fail(new AppError('forbidden-sender', `The call to ${channel} did not come from EventDesk's own window.`)) };
  }
  const parsedInput = contract[channel].input.safeParse(input);
  if (!parsedInput.success) {
    const reasons = parsedInput.error.issues.slice(0, 5).map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
    return { ok: false, envelope: masked(new AppError('invalid-input', `Refused: ${reasons.join('; ')}.`, parsedInput.error.message), input, () => []) };
  }
  return { ok: true, channel, input: parsedInput.data };
}

/** Fields of a call's input that hold a secret: a password, an API key, a token. */
const secretField = /(?:password|passwd|api[-_]?key|token|secret)$/i;

/** The secrets a call's input carries (a login's password, a new API key), at any depth. */
function secretsIn(input: unknown, depth = 0): string[] {
  if (input === null || typeof input !== 'object' || depth > 8) return [];
  return Object.entries(input).flatMap(([key, value]) => (typeof value === 'string' ? (secretField.test(key) ? [value] : []) : secretsIn(value, depth + 1)));
}

/** An error's detail past this is cut: it is for a "show details" toggle, not a dump. */
const DETAIL_LIMIT = 16 * 1024;

/**
 * The one way out of an answer's failure: its message and detail masked with every secret known
 * (`secrets`, the vault's) and those of the call's input, so no error text carries a secret to
 * the window or the log, whatever threw it.
 */
function masked(error: AppError, input: unknown, secrets: () => readonly string[]): Envelope<never> {
  const known = [...safely(secrets), ...secretsIn(input)];
  const shape = error.toShape();
  const detail = shape.detail === undefined ? undefined : redactText(shape.detail, known).slice(0, DETAIL_LIMIT);
  return { ok: false, error: { ...shape, message: redactText(shape.message, known), ...(detail === undefined ? {} : { detail }) } };
}

function safely(secrets: () => readonly string[]): readonly string[] {
  try {
    return secrets();
  } catch {
    return [];
  }
}

/**
 * The second half, where the services are: runs the handler and lets out only what the output
 * schema names; a failure is masked with `secrets` (the vault's) and the input's own.
 */
export async function answer(
  handlers: Handlers,
  channel: ChannelName,
  input: unknown,
  secrets: () => readonly string[] = () => [],
): Promise<Envelope<unknown>> {
  try {
    const handler = handlers[channel] as Handler<typeof channel>;
    const output = await handler(input as ParsedInputOf<typeof channel>);
    const parsedOutput = contract[channel].output.safeParse(output);
    if (!parsedOutput.success) {
      return fail(new AppError('invalid-output', `EventDesk produced an answer to ${channel} that does not fit its contract.`, parsedOutput.error.message));
    }
    return { ok: true, value: parsedOutput.data };
  } catch (error) {
    if (error instanceof AppError) return masked(error, input, secrets);
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return masked(new AppError('internal', `Something went wrong while handling ${channel}.`, detail), input, secrets);
  }
}

/** Both halves where the services run on the same thread as the calls arrive. */
export function createDispatch(handlers: Handlers, isTrustedUrl: (url: string) => boolean, secrets?: () => readonly string[]): Dispatch {
  return async (channel, input, sender) => {
    const admitted = admit(channel, input, sender, isTrustedUrl);
    return admitted.ok ? answer(handlers, admitted.channel, admitted.input, secrets) : admitted.envelope;
  };
}

function fail(error: AppError): Envelope<never> {
  return { ok: false, error: error.toShape() };
}

/**
 * Wraps how pushes reach the renderer (webContents.send in the app, server-sent events in the
 * harness) so each payload is parsed by its schema first: stripped of anything unnamed, and
 * dropped with a log line if it does not fit, never sent half-checked.
 */
export function createPushSender(deliver: (push: PushName, payload: unknown) => void): <P extends PushName>(push: P, payload: PayloadOf<P>) => void {
  return (push, payload) => {
    const parsed = pushes[push].safeParse(payload);
    if (parsed.success) deliver(push, parsed.data);
    else console.error(`Dropped a ${push} push that does not fit its schema: ${parsed.error.message}`);
  };
}
