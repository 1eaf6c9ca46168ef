import { useEffect } from 'react';
import { useAppInfo } from './base/queries.ts';
import { ErrorNotice } from './base/widgets/ErrorNotice.tsx';
import { Shell } from './shell/Shell.tsx';

/** Marks the root with the app's state, so tests and tools can wait for "ready". */
function useAppState(state: 'loading' | 'ready' | 'error') {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-app-state', state);
  }, [state]);
}

export function App() {
  const info = useAppInfo();
  useAppState(info.isPending ? 'loading' : info.isError ? 'error' : 'ready');

  if (info.isPending) return <p className="splash">Starting EventDesk…</p>;
  if (info.isError) {
    return (
      <div className="splash">
        <ErrorNotice title="EventDesk could not start" error={info.error} />
      </div>
    );
  }
  return <Shell info={info.data} />;
}
