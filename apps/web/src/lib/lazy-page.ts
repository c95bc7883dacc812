import { lazy, type ComponentType } from 'react';
import { loadAllTexts, loadShellTexts } from '../i18n/i18n';

type Module<Name extends string, Props> = Record<Name, ComponentType<Props>>;

/**
 * `React.lazy` for our named page exports (modules export `XPage`, not `default`). A lazily loaded
 * page renders with everything the sign-in page does not need and so leaves out of the first
 * download: the shown language's remaining texts and TanStack Query's client (`page-providers.tsx`).
 * The signed-in shell and the dashboard ask only for the texts they show (`texts: 'shell'`); they
 * fetch the other pages' texts once shown.
 * `preload()` starts the same downloads before the page renders (the router calls it for every page
 * of the address, so a page and its layout download side by side).
 */
export function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Module<Name, Props>>,
  name: Name,
  options: { texts: 'all' | 'shell' } = { texts: 'all' },
) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const texts = options.texts === 'shell' ? loadShellTexts : loadAllTexts;
  const preload = () => {
    loading ??= Promise.all([load(), import('./page-providers'), texts()]).then(([module, providers]) => ({
      default: providers.withPageProviders(module[name]),
    }));
    // A failed download (a new build replaced the chunk, the network dropped) is tried again later.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** True for a component made by `lazyPage`. */
export function isLazyPage(type: unknown): type is { preload: () => Promise<unknown> } {
  return (
    typeof type === 'object' && type !== null && typeof (type as { preload?: unknown }).preload === 'function'
  );
}
