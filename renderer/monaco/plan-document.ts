import { useEffect, useState } from 'react';
import type { TrackingPlan } from '../../features/plans/common/plan.ts';

/**
 * The active plan itself, for the editor's completion and hovers: its validators' module
 * (served by hash on the app's own origin, features/plans/node/standalone.ts) exports it as `plan`.
 * Null without a plan, while it loads, or when the module cannot be had.
 */
export function usePlanDocument(script: string | null): TrackingPlan | null {
  const [loaded, setLoaded] = useState<{ script: string; plan: TrackingPlan } | null>(null);
  useEffect(() => {
    if (!script) return;
    let live = true;
    void import(/* @vite-ignore */ script).then(
      (module: { plan: TrackingPlan }) => live && setLoaded({ script, plan: module.plan }),
      () => live && setLoaded(null),
    );
    return () => {
      live = false;
    };
  }, [script]);
  return loaded && loaded.script === script ? loaded.plan : null;
}
