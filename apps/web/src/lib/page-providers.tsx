import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from '../query-client';

/**
 * Wraps a lazily loaded page in the app's one TanStack Query client. The sign-in page, the only page in
 * the first download, does without, so TanStack Query loads with the first other page; every page
 * gets the provider wherever the router nests it (nested providers of the same client are one cache).
 */
export function withPageProviders<Props extends object>(Page: ComponentType<Props>): ComponentType<Props> {
  function WithPageProviders(props: Props) {
    return (
      <QueryClientProvider client={queryClient}>
        <Page {...props} />
      </QueryClientProvider>
    );
  }
  WithPageProviders.displayName = `WithPageProviders(${Page.displayName ?? Page.name})`;
  return WithPageProviders;
}
