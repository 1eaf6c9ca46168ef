import { z } from 'zod';

/**
 * Errors are values the UI can show: a stable code, a human message, and the raw detail
 * behind a "show details" toggle. They cross IPC as plain data, never as thrown objects,
 * because Electron flattens a thrown error to its message.
 */
export const AppErrorShapeSchema = z.object({
  code: z.string(),
  message: z.string(),
  detail: z.string().optional(),
});
export type AppErrorShape = z.infer<typeof AppErrorShapeSchema>;

export class AppError extends Error {
  readonly code: string;
  readonly detail: string | undefined;

  constructor(code: string, message: string, detail?: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.detail = detail;
  }

  toShape(): AppErrorShape {
    return this.detail === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, detail: this.detail };
  }

  static fromShape(shape: AppErrorShape): AppError {
    return new AppError(shape.code, shape.message, shape.detail);
  }
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

export const EnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppErrorShapeSchema }),
]);

/** Turns an envelope back into a value, or throws the AppError it carries. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.ok) return envelope.value;
  throw AppError.fromShape(envelope.error);
}
