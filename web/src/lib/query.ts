import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // networkMode 'always': without a connection the query functions still run and answer
      // from this device's copy (web/src/offline); TanStack's default would pause them.
      queries: {
        retry: 1,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        networkMode: 'always',
      },
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
}
