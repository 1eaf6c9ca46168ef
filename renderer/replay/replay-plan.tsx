import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EnvironmentView } from '../../features/environments/common/environment.ts';
import { UNLISTED_CODE } from '../../features/plans/common/plan-diagnostics.ts';
import { planFailure, type PlanStatus } from '../../features/plans/common/plan-status.ts';
import { plural } from '../../base/common/plural.ts';
import { useApi } from '../base/queries.ts';
import { PLAN_CODES } from '../send/useSend.ts';
import type { BatchCheck } from './batch-check.ts';

const targetPlanKey = ['plans', 'of'] as const;

/** The replay target's tracking plan: undefined while it is read, null when the environment names none; read again when a plan file changes on disk. */
export function useTargetPlan(target: Pick<EnvironmentView, 'id' | 'planFile'> | null): PlanStatus | null | undefined {
  const api = useApi();
  const client = useQueryClient();
  const file = target?.planFile ?? null;
  const { data } = useQuery({
    queryKey: [...targetPlanKey, target?.id ?? null, file],
    queryFn: () => api.plans.of({ environmentId: target!.id }),
    enabled: file !== null,
  });
  useEffect(() => api.plans.onChanged(() => void client.invalidateQueries({ queryKey: targetPlanKey })), [api, client]);
  return file === null ? null : data;
}

/** What the target's tracking plan says of the events to send, in words: how many violations, how many of them errors. */
export function planCheckText(plan: PlanStatus, check: BatchCheck): { text: string; tone: 'fine' | 'warning' | 'error' } {
  const failure = planFailure(plan, check.planProblem);
  if (failure !== null) return { text: `Tracking plan ${plan.name} is not applied: ${failure}`, tone: 'warning' };
  const violations = check.diagnostics.filter((diagnostic) => PLAN_CODES.has(diagnostic.code) && diagnostic.code !== UNLISTED_CODE);
  const unlisted = check.diagnostics.find((diagnostic) => diagnostic.code === UNLISTED_CODE);
  const errors = violations.filter((diagnostic) => diagnostic.severity === 'error').length;
  const name = plan.plan ? `“${plan.plan.name}”` : plan.name;
  if (violations.length === 0) return { text: `Checked against the tracking plan ${name}: no violations.`, tone: 'fine' };
  const counted = `${plural(violations.length, 'violation')}, ${errors === 0 ? 'no errors' : `${plural(errors, 'error')} (Send asks first)`}`;
  return {
    text: `Checked against the tracking plan ${name}: ${counted}.${unlisted ? ` ${unlisted.message}` : ''}`,
    tone: errors > 0 || unlisted?.severity === 'error' ? 'error' : 'warning',
  };
}
