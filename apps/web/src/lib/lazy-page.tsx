import { lazy, useState, type ComponentType } from 'react';
import { loadAllTexts, loadShellTexts } from '../i18n/i18n';

type Module<Name extends string, Props> = Record<Name, ComponentType<Props>>;

/**
 * `React.lazy` with a `preload()` that starts the download before the component renders, and that
 * renders a component whose download has finished at once. `React.lazy` suspends on its first
 * render even then, and a page's first render that suspends shows its Suspense fallback (the
 * loading screen); React then holds the page back until 300 ms after that fallback appeared, so as
 * not to flash it. The app's first render waits for the address's pages instead (`main.tsx`).
 */
export function lazyWithPreload<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    // A failed download (a new build replaced the chunk, the network dropped) is tried again later.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  const Lazy = lazy(preload);
  function LazyWithPreload(props: Props) {
    // Chosen once for each mount: the loaded component taking the lazy one's place under a mounted
    // page would mount the page afresh.
    const [Shown] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return Object.assign(LazyWithPreload, { preload });
}

/**
 * A lazily loaded page, for our named page exports (modules export `XPage`, not `default`). It
 * renders with everything the sign-in page does not need and so leaves out of the first
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
  const texts = options.texts === 'shell' ? loadShellTexts : loadAllTexts;
  return lazyWithPreload<Props>(() =>
    Promise.all([load(), import('./page-providers'), texts()]).then(([module, providers]) => ({
      default: providers.withPageProviders<Props>(module[name]),
    })),
  );
}

/** True for a component made by `lazyPage` (or `lazyWithPreload`). */
export function isLazyPage(type: unknown): type is { preload: () => Promise<unknown> } {
  return typeof type === 'function' && typeof (type as { preload?: unknown }).preload === 'function';
}
