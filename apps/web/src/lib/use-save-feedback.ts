import { isAxiosError } from 'axios';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { serverMessage, type ApiResponse } from '@/lib/api-client';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';

/**
 * What a save tells the user: the server's message as the toast's title (what happened), or 'Error action'
 * with the reasons, and the per-field errors put back on the form.
 */
export function useSaveFeedback() {
  const { t } = useTranslation();
  return {
    success: (res: ApiResponse<unknown>) => toast({ title: serverMessage(res) }),
    failure: <F extends FieldValues>(err: unknown, setError?: UseFormSetError<F>) => {
      if (!isAxiosError<ApiErrorBody>(err)) return;
      const body = err.response?.data;
      if (setError && body?.errors && !Array.isArray(body.errors)) {
        for (const [field, keys] of Object.entries(body.errors)) {
          setError(field.split('.')[0] as Path<F>, { type: 'server', message: keys[0] });
        }
      }
      toast({
        variant: 'destructive',
        title: t('errors.error_action'),
        description: errorLines(body, t) || (err.response ? t('errors.unknown') : t('errors.network')),
      });
    },
  };
}
