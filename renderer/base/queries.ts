import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { Api } from './api.ts';

export const ApiContext = createContext<Api | null>(null);

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiContext provider');
  return api;
}

/** What the shell needs before it can show anything: asked once, at start. */
export const appInfoQuery = (api: Api) => ({ queryKey: ['app', 'info'], queryFn: () => api.app.info(), staleTime: Infinity });

export function useAppInfo() {
  return useQuery(appInfoQuery(useApi()));
}
