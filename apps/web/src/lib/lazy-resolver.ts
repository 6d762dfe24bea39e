import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose implementation (zod and the schema) is downloaded on first use
 * instead of with the page. Screens on the first-paint path (/login) use it to stay within the
 * initial JavaScript budget, and start the download on the first interaction with the form.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): Resolver<TInput, TContext, TOutput> {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed download is tried again on the next submit
      throw error;
    });
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
