import { queryOptions } from '@tanstack/react-query';
import {
  fillPath,
  type ChatMessage,
  signs,
  signTemplates,
  surfaces,
  type SignLayout,
  type SignPreviewData,
  type SignProductChoice,
  type SignSetData,
  type SignTemplateCandidate,
  type SignTemplateData,
  type SignTemplateSummary,
  type SurfacesListData,
} from '@promo/shared';
import { api, call, type ApiResponse } from '@/lib/api-client';

/** A sign as the forms hold it: prices as typed ('24,90'), the date as YYYY-MM-DD or ''. */
export interface SignDraft {
  product_id: number;
  price: string;
  previous_price: string;
  valid_to: string;
  texts: Record<string, string>;
}

export const signKeys = {
  all: ['signs'] as const,
  templates: ['signs', 'templates'] as const,
  template: (id: number) => ['signs', 'template', id] as const,
  set: (psdId: number) => ['signs', 'set', psdId] as const,
  designs: (search: string) => ['signs', 'designs', search] as const,
  sizes: ['signs', 'sizes'] as const,
};

/**
 * The layout as a form body: a null background is left out (the schema's default), since an empty
 * value would read as file 0.
 */
export function layoutBody(layout: SignLayout): Record<string, unknown> {
  const { background_file_id, ...rest } = layout;
  return background_file_id === null ? rest : layout;
}

const signBody = (s: SignDraft) => ({ ...s, valid_to: s.valid_to || '' });

export const templatesQuery = queryOptions({
  queryKey: signKeys.templates,
  queryFn: async ({ signal }) => {
    const data = (await call<{ templates: SignTemplateSummary[] } | SignTemplateSummary[]>(signTemplates.list, {}, { silent: true, signal })).data;
    return Array.isArray(data) ? data : data.templates;
  },
});

export const templateQuery = (id: number) =>
  queryOptions({
    queryKey: signKeys.template(id),
    queryFn: async ({ signal }) => (await call<SignTemplateData>(signTemplates.get, { params: { id } }, { silent: true, signal })).data,
    // The editor holds its own copy: no refetch replaces unsaved work, and none outlives the page.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    gcTime: 0,
  });

/** Catalogue designs that are no template yet, by name (every role that lays out templates, designers too). */
export const templateCandidatesQuery = (search: string) =>
  queryOptions({
    queryKey: signKeys.designs(search),
    queryFn: async ({ signal }) =>
      (await call<{ designs: SignTemplateCandidate[] }>(signTemplates.candidates, { query: { search } }, { silent: true, signal })).data.designs,
  });

/** Products to preview a template with, by name or EAN, for the product picker: only what a sign shows of them. */
export const signProductSearch = {
  key: 'sign-templates',
  fetch: async (search: string, signal: AbortSignal) =>
    (await call<{ products: SignProductChoice[] }>(signTemplates.products, { query: { search } }, { silent: true, signal })).data.products,
};

/** The surfaces' sizes ('H50 x W70'), to pick a template's page size from. */
export const surfaceSizesQuery = queryOptions({
  queryKey: signKeys.sizes,
  queryFn: async ({ signal }) =>
    (
      await call<SurfacesListData>(
        surfaces.list,
        { query: { count_show: 1, start_index: 0, obj_search: { field: 'name', input_value: '' }, sort_by: 'name', sort_count: 1 } },
        { silent: true, signal },
      )
    ).data.arr_size_surfaces,
  staleTime: 60_000,
});

export const createTemplate = (design_id: number, layout: SignLayout) =>
  call<SignTemplateData>(signTemplates.create, { body: { design_id, layout: layoutBody(layout) } }, { silent: true });

export const saveTemplate = (id: number, based_on_version: number, layout: SignLayout) =>
  call<SignTemplateData>(signTemplates.save, { params: { id }, body: { based_on_version, layout: layoutBody(layout) } }, { silent: true });

/** The preflight's reading of a picked background against the page with bleed (refused with 422 as a save would be). */
export const checkTemplateBackground = (id: number, layout: SignLayout) =>
  call<undefined>(signTemplates.checkBackground, { params: { id }, body: { layout: layoutBody(layout) } }, { silent: true });

export const previewTemplate = (id: number, layout: SignLayout, sign: SignDraft, signal?: AbortSignal) =>
  call<SignPreviewData>(signTemplates.preview, { params: { id }, body: { layout: layoutBody(layout), sign: signBody(sign) } }, { silent: true, signal });

export const signSetQuery = (psdId: number) =>
  queryOptions({
    queryKey: signKeys.set(psdId),
    queryFn: async ({ signal }) => (await call<SignSetData>(signs.get, { params: { id: psdId } }, { silent: true, signal })).data,
    retry: false,
  });

/**
 * Sent as JSON: a form body of 2,000 signs (SIGN_LIMITS.maxSigns) would be past the server's 2,000
 * form fields (parse-qs.ts), which qs cuts off without a word.
 */
export const saveSigns = async (psdId: number, list: SignDraft[]) =>
  (await api.request<ApiResponse<SignSetData>>({ method: signs.save.method, url: fillPath(signs.save.path, { id: psdId }), data: { signs: list.map(signBody) }, silent: true })).data;

export const previewSign = (psdId: number, sign: SignDraft, signal?: AbortSignal) =>
  call<SignPreviewData>(signs.preview, { params: { id: psdId }, body: { sign: signBody(sign) } }, { silent: true, signal });

/** Answers with the chat message that holds the new HQ file. */
export const generateSigns = (psdId: number) => call<{ message: ChatMessage }>(signs.generate, { params: { id: psdId } }, { silent: true });
