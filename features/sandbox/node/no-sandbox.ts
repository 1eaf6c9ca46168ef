import { AppError } from '../../../base/common/errors.ts';

/**
 * The sandbox's services, or the one answer of every call that needs the embedded sandbox where
 * none runs (the command line's services, a test's): its traffic, faults, plan, forwarding and
 * capture are then null, and every call that needs one of them comes through here rather than
 * wording its own error.
 */
export function withSandbox<T>(service: T | null | undefined): T {
  if (service === null || service === undefined)
    throw new AppError('no-sandbox', 'The embedded sandbox is not running here (it runs inside the app), so it has no traffic, capture, plan or forwarding.');
  return service;
}
