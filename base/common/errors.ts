import { z } from 'zod';
import { errorCodes, type ErrorCode } from './error-codes.ts';

/**
 * Errors are values the UI can show: a stable code, a human message, and the raw detail
 * behind a "show details" toggle. They cross IPC as plain data, never as thrown objects,
 * because Electron flattens a thrown error to its message.
 */
export const AppErrorShapeSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  detail: z.string().optional(),
});
export type AppErrorShape = z.infer<typeof AppErrorShapeSchema>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | undefined;

  constructor(code: ErrorCode, message: string, detail?: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.detail = detail;
  }

  toShape(): AppErrorShape {
    return this.detail === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, detail: this.detail };
  }

  static fromShape(shape: AppErrorShape): AppError {
    return new AppError(shape.code, shape.message, shape.detail);
  }
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

/**
 * Turns an envelope back into a value, or throws the AppError it carries. The envelope crossed
 * IPC (or the harness's HTTP), so its error is checked against the contract: the UI compares
 * codes, and a code outside the list would match none of its comparisons silently.
 */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.ok) return envelope.value;
  const parsed = AppErrorShapeSchema.safeParse(envelope.error);
  if (!parsed.success) {
    throw new AppError(
      'invalid-output',
      'EventDesk answered with an error that does not fit its contract.',
      `${z.prettifyError(parsed.error)}\n${JSON.stringify(envelope.error).slice(0, 2000)}`,
    );
  }
  throw AppError.fromShape(parsed.data);
}
