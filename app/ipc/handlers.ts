import type { Services } from '../node/index.ts';
import { registerAppHandlers } from './app.ts';
import { registerCaptureHandlers } from './capture.ts';
import { registerCoverageHandlers } from './coverage.ts';
import type { Handlers } from './dispatch.ts';
import { registerEnvironmentHandlers } from './environments.ts';
import { registerDocumentHandlers } from './documents.ts';
import { registerHistoryHandlers } from './history.ts';
import { registerPlanHandlers } from './plans.ts';
import { registerRunHandlers } from './runs.ts';
import { registerSandboxHandlers } from './sandbox.ts';
import { registerSendHandlers } from './sending.ts';
import { registerTransformHandlers } from './transforms.ts';
import { registerWorkspaceHandlers } from './workspace.ts';

/** Binds every channel of the contract to the services, one feature's file at a time. */
export function createHandlers(services: Services): Handlers {
  return {
    ...registerAppHandlers(services),
    ...registerEnvironmentHandlers(services),
    ...registerDocumentHandlers(services),
    ...registerSendHandlers(services),
    ...registerHistoryHandlers(services),
    ...registerSandboxHandlers(services),
    ...registerTransformHandlers(services),
    ...registerPlanHandlers(services),
    ...registerCaptureHandlers(services),
    ...registerCoverageHandlers(services),
    ...registerWorkspaceHandlers(services),
    ...registerRunHandlers(services),
  };
}
