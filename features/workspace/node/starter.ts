import { SANDBOX_DEMO_CREDENTIALS } from '../../sandbox/common/sandbox.ts';
import { DEFAULT_SANDBOX_PORT } from '../../sandbox/common/sandbox-port.ts';
import { DEFAULT_SETTINGS } from '../../environments/common/environment.ts';
import type { EnvironmentPreset } from '../../environments/common/environment-presets.ts';
import { SCENARIO_FORMAT } from '../common/scenario.ts';
import { canonicalJson } from '../common/canonical-json.ts';
import { environmentFileOf, environmentText, manifestText } from '../common/workspace-files.ts';
import { MANIFEST_FILE, MANIFEST_FORMAT } from '../common/workspace.ts';

/**
 * The small workspace `eventdesk init` writes: one environment for the sandbox on its default
 * port, one batch of three purchases, the plan they pass, and a scenario that sends them
 * (accepted) and one broken event (refused with 422), so `eventdesk run` works in it at once.
 * No secret is written: the demo password and API key come from the same variables as `send`.
 */

const STARTER_ENVIRONMENT = 'sandbox';
const STARTER_PLAN = 'plans/shop.plan.json';
const STARTER_BATCH = 'batches/purchase.json';

const DEVICE = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

function purchase(customer: string, spend: string, currency: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  // {{$now -1m}}: the events are a minute old whenever they are sent, never "very old".
  return { token: 'purchase', customer_id: customer, device_id: DEVICE, svc_id: 7, created_at: '{{$now -1m}}', attributes: { spend, currency }, ...extra };
}

const plan = {
  name: 'shop',
  version: '1',
  events: {
    purchase: {
      description: 'A completed checkout',
      attributes: {
        type: 'object',
        required: ['spend', 'currency'],
        additionalProperties: false,
        properties: {
          spend: { type: 'string', pattern: '^\\d+\\.\\d{2}$' },
          currency: { enum: ['EUR', 'USD', 'GBP'] },
        },
      },
    },
  },
};

/**
 * The workspace's files, by path from its root, for a workspace called `name`; a preset's
 * environment beside the sandbox's (its settings alone: no credential).
 */
export function starterFiles(name: string, preset: EnvironmentPreset | null = null): { path: string; text: string }[] {
  const environment = {
    ...DEFAULT_SETTINGS,
    name: STARTER_ENVIRONMENT,
    baseUrl: `http://127.0.0.1:${DEFAULT_SANDBOX_PORT}`,
    username: SANDBOX_DEMO_CREDENTIALS.username,
  };
  const scenario = {
    format: SCENARIO_FORMAT,
    version: 1,
    name: 'Smoke',
    description: 'Three purchases are accepted; an event whose svc_id is text is refused.',
    steps: [
      { name: 'Three purchases are accepted', send: STARTER_BATCH, expect: { outcome: 'accepted', accepted: 3 } },
      { name: 'An event whose svc_id is text is refused', send: [purchase('customer-4', '5.00', 'EUR', { svc_id: '7' })], expect: { status: 422 } },
    ],
  };
  return [
    { path: MANIFEST_FILE, text: manifestText({ format: MANIFEST_FORMAT, version: 1, name, defaultEnvironment: STARTER_ENVIRONMENT, plan: STARTER_PLAN }) },
    { path: `environments/${STARTER_ENVIRONMENT}.env.json`, text: environmentText(environmentFileOf(environment, null)) },
    ...(preset
      ? [{ path: `environments/${preset.id}.env.json`, text: environmentText(environmentFileOf({ ...DEFAULT_SETTINGS, ...preset.settings }, null)) }]
      : []),
    {
      path: STARTER_BATCH,
      text: canonicalJson([purchase('customer-1', '19.99', 'EUR'), purchase('customer-2', '5.00', 'USD'), purchase('customer-3', '120.00', 'GBP')]),
    },
    { path: STARTER_PLAN, text: canonicalJson(plan) },
    { path: 'scenarios/smoke.scenario.json', text: canonicalJson(scenario) },
  ];
}
