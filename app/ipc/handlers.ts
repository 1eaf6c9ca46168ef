import type { Services } from '../node/index.ts';
import { registerAppHandlers } from './app.ts';
import { registerCaptureHandlers } from './capture.ts';
import { registerCaptureRequestHandlers } from './capture-requests.ts';
import { registerCaptureCoverageHandlers } from './capture-coverage.ts';
import type { Handlers } from './dispatch.ts';
import { registerDraftHandlers } from './drafts.ts';
import { registerEnvironmentHandlers } from './environments.ts';
import { registerFileHandlers } from './files.ts';
import { registerHistoryHandlers } from './history.ts';
import { registerPlanHandlers } from './plans.ts';
import { registerRunHandlers } from './runs.ts';
import { registerSandboxHandlers } from './sandbox.ts';
import { registerSendHandlers } from './send.ts';
import { registerSessionHandlers } from './session.ts';
import { registerTransformHandlers } from './transforms.ts';
import { registerWorkspaceHandlers } from './workspace.ts';

/** Binds every channel of the contract to the services, one domain file at a time. */
export function createHandlers(services: Services): Handlers {
  return {
    ...registerAppHandlers(services),
    ...registerEnvironmentHandlers(services),
    ...registerSessionHandlers(services),
    ...registerDraftHandlers(services),
    ...registerFileHandlers(services),
    ...registerSendHandlers(services),
    ...registerHistoryHandlers(services),
    ...registerSandboxHandlers(services),
    ...registerTransformHandlers(services),
    ...registerPlanHandlers(services),
    ...registerCaptureHandlers(services),
    ...registerCaptureRequestHandlers(services),
    ...registerCaptureCoverageHandlers(services),
    ...registerWorkspaceHandlers(services),
    ...registerRunHandlers(services),
  };
}
