import {
  QueryClient,
  type DefaultOptions,
  type UseMutationOptions,
  type queryOptions,
} from '@tanstack/react-query'

// The HTTP client already retries per spec section 9; a second retry layer would multiply attempts.
const defaultOptions: DefaultOptions = {
  queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
  mutations: { retry: false },
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions })
}

export const queryClient = createQueryClient()

export type QueryConfig<T extends (...args: never[]) => ReturnType<typeof queryOptions>> = Omit<
  ReturnType<T>,
  'queryKey' | 'queryFn'
>

export type MutationConfig<MutationFn extends (...args: never[]) => Promise<unknown>> =
  UseMutationOptions<Awaited<ReturnType<MutationFn>>, Error, Parameters<MutationFn>[0]>
