import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnvironmentEdit, EnvironmentView } from '../../../features/environments/common/environment.ts';
import { useApi } from '../queries.ts';

export const environmentsKey = ['environments'] as const;

export function useEnvironments() {
  const api = useApi();
  return useQuery({ queryKey: environmentsKey, queryFn: () => api.environments.list() });
}

/** The environment everything acts on (the composer sends to it), or null when there is none. */
export function useActiveEnvironment(): EnvironmentView | null {
  const { data } = useEnvironments();
  return data?.environments.find((environment) => environment.id === data.activeId) ?? null;
}

/** Every change to environments refreshes the list; each mutation returns what the contract returns. */
function useEnvironmentMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: environmentsKey }) });
}

export function useEnvironmentActions() {
  const api = useApi();
  return {
    select: useEnvironmentMutation((id: string) => api.environments.select({ id })),
    save: useEnvironmentMutation(({ id, edit }: { id: string | null; edit: EnvironmentEdit }) =>
      id ? api.environments.update({ id, edit }) : api.environments.create(edit),
    ),
    duplicate: useEnvironmentMutation((input: { id: string; copySecrets: boolean }) => api.environments.duplicate(input)),
    remove: useEnvironmentMutation((id: string) => api.environments.remove({ id })),
    importText: useEnvironmentMutation((text: string) => api.environments.import({ text })),
  };
}
