import { isAxiosError } from 'axios';
import type { TFunction } from 'i18next';
import type { PreflightCheck } from '@promo/shared';
import type { ApiErrorBody } from '@/lib/error-catalogue';
import type { BackgroundRefusal } from './background-field';

const FIELD = 'layout.background_file_id';

/** The server's refusal of a layout's background (its field's codes and the preflight's checks), or null when the save failed for another reason. */
export function backgroundRefusal(err: unknown, t: TFunction): BackgroundRefusal | null {
  if (!isAxiosError<ApiErrorBody & { data?: { checks?: PreflightCheck[] } }>(err) || err.response?.status !== 422) return null;
  const body = err.response.data;
  const errors = body?.errors;
  const codes = errors && !Array.isArray(errors) ? errors[FIELD] : undefined;
  if (!codes?.length) return null;
  return {
    text: codes.map((c) => t(`validation.${c}`, { defaultValue: c })).join('\n'),
    checks: body?.data?.checks ?? [],
  };
}
