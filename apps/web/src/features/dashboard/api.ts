import { queryOptions } from '@tanstack/react-query';
import { waiting, type WaitingForMeData } from '@promo/shared';
import { call } from '@/lib/api-client';

export const waitingKeys = { all: ['waiting-for-me'] as const };

export const waitingQuery = queryOptions({
  queryKey: waitingKeys.all,
  queryFn: async ({ signal }) => {
    const res = await call<WaitingForMeData>(waiting.list, {}, { silent: true, signal });
    if (!Array.isArray(res.data?.items)) throw new Error('Unexpected data format');
    return res.data;
  },
  refetchOnMount: 'always',
});

export const saveDigestOptOut = (userId: number, optOut: boolean) =>
  call<{ digest_opt_out: boolean }>(waiting.digestOptOut, { params: { id: userId }, body: { digest_opt_out: optOut } }, { silent: true });
