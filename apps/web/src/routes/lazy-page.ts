import { lazy, type ComponentType } from 'react';

/** `React.lazy` for our named page exports (modules export `XPage`, not `default`). */
export function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}
