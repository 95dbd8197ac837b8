import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * A component whose code loads when first shown (React.lazy, so a Suspense boundary shows its loading
 * state meanwhile), or earlier with `preload`; once loaded it renders at once, without a loading frame.
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function OnDemand(props: Props) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return { Component: OnDemand, preload };
}
