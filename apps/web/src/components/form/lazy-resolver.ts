import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver that downloads its schema (and zod with it) on the first validation instead of
 * with the page, so the sign-in page's first download stays small; the rules are still the shared
 * zod schemas.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  return async (values, context, options) => {
    loading ??= load();
    return (await loading)(values, context, options);
  };
}
