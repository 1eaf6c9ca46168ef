import './styles/base.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from './api.ts';
import { App } from './App.tsx';
import { ApiContext } from './queries.ts';
import { ErrorNotice } from './shell/ErrorNotice.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
const root = createRoot(document.getElementById('root')!);

if (window.eventdesk) {
  root.render(
    <StrictMode>
      <ApiContext value={createApi(window.eventdesk)}>
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
