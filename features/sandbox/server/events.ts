import type { SandboxMode } from '../common/sandbox.ts';
import { apiKeyCheck, checkBearer } from './access.ts';
import { checkAgainstPlan, planErrors, refusal, type PlanInUse } from './event-plan.ts';
import { eventProblems } from './event-rules.ts';
import type { FaultInjector } from './faults.ts';
import { jsonContentTypeProblem, nestingProblem, parseJson } from './json-body.ts';
import { failure, type ReceivedEvents, type Reply, type Route } from './route.ts';
import type { TokenStore } from './tokens.ts';

/** POST /user/events (service-api.md §3.2): a batch of user events. */

const NO_PROBLEMS: ReceivedEvents['problems'] = new Map();

export interface EventsRouteDeps {
  apiKeys: readonly string[];
  tokens: TokenStore;
  faults: FaultInjector;
  mode: SandboxMode;
  serviceIdField: string;
  /** The tracking plan in use: strict mode refuses its errors, both modes record its violations. */
  plan: PlanInUse;
}

export function createEventsRoute(deps: EventsRouteDeps): Route {
  const checkApiKey = apiKeyCheck(deps.apiKeys);
  function judge(body: Buffer): Reply {
    const parsed = parseJson(body);
    if (!parsed.ok) return parsed.reply;
    const { value: events, text: requestText } = parsed;
    if (!Array.isArray(events)) return failure(400, 'not-an-array', 'The body must be a JSON array of user events.');
    // service-api.md §3.2: "One or more elements per call", in lenient mode too.
    if (events.length === 0) return failure(400, 'empty-array', 'The array holds no events: send one or more.');
    const { maxEvents } = deps.faults.current();
    if (maxEvents !== null && events.length > maxEvents) {
      return {
        ...failure(413, 'too-many-events', `${events.length} events in one request; at most ${maxEvents} are taken.`),
        received: { events, problems: NO_PROBLEMS, violations: [] },
        requestText,
      };
    }
    const plan = checkAgainstPlan(events, deps.plan);
    const planCheck = plan?.recorded ?? null;
    const violations = plan?.check.violations ?? [];
    if (deps.mode === 'strict') {
      const own = eventProblems(events, deps.serviceIdField);
      const received = { events, problems: own.byEvent, violations };
      if (own.total > 0 || (plan !== null && planErrors(plan) > 0)) return { ...refusal(own, plan), planCheck, received, requestText };
      return { status: 202, body: { accepted: events.length }, planCheck, received, requestText };
    }
    return { status: 202, body: { accepted: events.length }, planCheck, received: { events, problems: NO_PROBLEMS, violations }, requestText };
  }

  return {
    admit: (headers) => checkApiKey(headers) ?? checkBearer(headers, deps.tokens) ?? jsonContentTypeProblem(headers),
    answer(body) {
      const verdict = judge(body);
      // A batch that strict mode accepts is three levels deep by construction, so the scan for
      // deep nesting, which costs as much as a quarter of the parse, runs on every other body.
      if (deps.mode === 'strict' && verdict.status === 202) return verdict;
      return nestingProblem(body) ?? verdict;
    },
  };
}
