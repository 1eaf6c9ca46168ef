import './styles/base.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from './base/api.ts';
import { App } from './App.tsx';
import { draftsAtStart } from './composer/autosave.ts';
import { ApiContext, appInfoQuery } from './base/queries.ts';
import { ErrorNotice } from './base/widgets/ErrorNotice.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
const root = createRoot(document.getElementById('root')!);

if (window.eventdesk) {
  const api = createApi(window.eventdesk);
  // What the shell needs and the drafts it brings back are asked at once, side by side. (Also
  // evaluating Monaco's chunk here, before the first render, measured no faster: 1 217 ms to
  // the editor against 1 174 ms without, in one run of npm run bench -- cold-start.)
  void queryClient.prefetchQuery(appInfoQuery(api));
  void draftsAtStart(api).catch(() => undefined);
  root.render(
    <StrictMode>
      <ApiContext value={api}>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </ApiContext>
    </StrictMode>,
  );
} else {
  document.getElementById('root')!.setAttribute('data-app-state', 'error');
  root.render(
    <div className="splash">
      <ErrorNotice
        title="EventDesk's bridge is missing"
        error={new Error('This page needs the EventDesk app (or its test harness) to talk to. Start it with npm start or npm run harness.')}
      />
    </div>,
  );
}
