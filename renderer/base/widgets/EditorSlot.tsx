import { Component, Suspense, type ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice.tsx';

/**
 * Where an editor from the editors' chunk (base/editors.ts), or another part loaded on demand
 * (Help), shows: `loading` until the chunk is there and, should it fail to load (a damaged
 * install), `failed` in its place. Without the boundary the failed import would unmount the
 * whole window, leaving it blank.
 */

interface Props {
  children: ReactNode;
  loading?: ReactNode;
  failed?: (error: unknown) => ReactNode;
}

/** What shows where an editor could not be loaded, unless the place says otherwise. */
export function EditorFailed({ error, children }: { error: unknown; children?: ReactNode }) {
  return (
    <ErrorNotice title="The editor could not be loaded" error={error}>
      {children ?? <p>Restart EventDesk; if this happens again, install it again.</p>}
    </ErrorNotice>
  );
}

class EditorBoundary extends Component<{ children: ReactNode; failed: (error: unknown) => ReactNode }, { failure: { error: unknown } | null }> {
  override state = { failure: null as { error: unknown } | null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  override render() {
    return this.state.failure ? this.props.failed(this.state.failure.error) : this.props.children;
  }
}

export function EditorSlot({ children, loading = <p className="empty">Loading the editor…</p>, failed = (error) => <EditorFailed error={error} /> }: Props) {
  return (
    <EditorBoundary failed={failed}>
      <Suspense fallback={loading}>{children}</Suspense>
    </EditorBoundary>
  );
}
