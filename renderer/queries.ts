import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { Api } from './api.ts';

export const ApiContext = createContext<Api | null>(null);

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiContext provider');
  return api;
}

export function useAppInfo() {
  const api = useApi();
  return useQuery({ queryKey: ['app', 'info'], queryFn: () => api.app.info(), staleTime: Infinity });
}
