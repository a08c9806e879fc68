import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { company } from '@promo/shared';
import { toast } from '@/components/ui/use-toast';
import { isNoSuchCompany } from '../api';

/** Does a query key belong to one of the station's calls (the shared promotion list keys it by path)? */
const isStationQuery = (key: readonly unknown[]) => key[0] === 'company' || (key[0] === 'promotions' && key[2] === company.userPromotions.path);

/**
 * 'There is no such company!' under the system message title (spec 001 §2.11) when the server says
 * the signed-in station is unknown. The list calls are silent, so this watches the query cache.
 */
export function useNoSuchCompanyNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (!isStationQuery(event.query.queryKey) || !isNoSuchCompany(event.action.error)) return;
        toast({ title: t('toast.system_message'), description: t('server.no_such_company') });
      }),
    [queryClient, t],
  );
}
