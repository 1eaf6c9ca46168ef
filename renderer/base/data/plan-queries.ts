import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PlanStatus } from '../../../features/plans/common/plan-status.ts';
import { useApi } from '../queries.ts';
import { useActiveEnvironment } from './environment-queries.ts';

const planKey = ['plans', 'active'] as const;

/**
 * The active environment's tracking plan, or null when it names none: asked again when the
 * environment or its plan file changes, and when the services say the file changed on disk.
 */
export function useActivePlan(): PlanStatus | null {
  const api = useApi();
  const client = useQueryClient();
  const environment = useActiveEnvironment();
  const file = environment?.planFile ?? null;
  const { data } = useQuery({ queryKey: [...planKey, environment?.id ?? null, file], queryFn: () => api.plans.active(), enabled: file !== null });
  useEffect(() => api.plans.onChanged(() => void client.invalidateQueries({ queryKey: planKey })), [api, client]);
  return file === null ? null : (data ?? null);
}
