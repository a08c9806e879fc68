import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { can, SURFACE_SEARCH_FIELDS, SURFACE_SORT_FIELDS, type SurfaceRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ImageViewer } from '@/components/ui/image-viewer';
import { PageSizeSelect } from '@/components/ui/page-size-select';
import { Pagination } from '@/components/ui/pagination';
import { SearchControls } from '@/components/ui/search-controls';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/session';
import { useLastGood } from '@/lib/use-last-good';
import type { ListUrlSpec } from '@/lib/list-url';
import { useListParams } from '@/lib/use-list-params';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { ImportLink } from '@/features/catalogue-import/components/import-link';
import { categoriesQuery, deleteSurface, surfaceKeys, surfacesListQuery } from '../api';
import { CloneSurfaceDialog } from '../components/clone-surface-dialog';
import { SurfaceFormDialog } from '../components/surface-form-dialog';
import { SurfacesTable } from '../components/surfaces-table';

type SearchField = (typeof SURFACE_SEARCH_FIELDS)[number];
type SortField = (typeof SURFACE_SORT_FIELDS)[number];
const LIST: ListUrlSpec<SearchField, SortField> = {
  sortFields: SURFACE_SORT_FIELDS,
  defaultSort: 'vendor_code',
  fields: SURFACE_SEARCH_FIELDS,
  defaultField: 'name',
};

export default function SurfacesPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const manage = can(me.role, 'catalog.manage');
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const list = useListParams(LIST);
  const query = useQuery(surfacesListQuery({ ...list.params, obj_search: { field: list.field, input_value: list.searchText } }));
  useEffect(() => list.fitPage(query.isPlaceholderData ? undefined : query.data?.total));
  const categories = useQuery({ ...categoriesQuery, enabled: manage });
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<SurfaceRow | null>(null);
  const [cloning, setCloning] = useState<SurfaceRow | null>(null);
  const [deleting, setDeleting] = useState<SurfaceRow | null>(null);
  const [viewer, setViewer] = useState<{ src: string; title: string } | null>(null);

  const remove = useMutation({
    mutationFn: (row: SurfaceRow) => deleteSurface(row.id),
    onSuccess: (res) => {
      toast({ title: serverMessage(res) });
      void queryClient.invalidateQueries({ queryKey: surfaceKeys.all });
    },
    onError: (err) => feedback.failure(err),
    onSettled: () => setDeleting(null),
  });

  const data = useLastGood(query.data);
  return (
    <section className="grid gap-4">
      <PageHeader title={t('surfaces.title')}>
        {manage && (
          <div className="flex flex-wrap gap-2">
            <ImportLink kind="surfaces" />
            <Button
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              <Plus /> {t('surfaces.create')}
            </Button>
          </div>
        )}
      </PageHeader>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageSizeSelect value={list.pageSize} onChange={list.setPageSize} />
        <SearchControls
          fields={SURFACE_SEARCH_FIELDS}
          field={list.field}
          onField={list.setField}
          fieldLabel={(f) => t(`surfaces.search_fields.${f}`)}
          text={list.text}
          onText={list.setText}
          onClear={list.clearSearch}
        />
      </div>
      <SurfacesTable
        rows={data?.surfaces ?? []}
        loading={query.isPending}
        manage={manage}
        sort={list.sort}
        onSort={list.setSort}
        onImage={(src, row) => setViewer({ src, title: row.name })}
        onEdit={(row) => {
          setEditing(row);
          setFormOpen(true);
        }}
        onClone={setCloning}
        onDelete={setDeleting}
      />
      <Pagination page={list.page} pageSize={list.pageSize} total={data?.total ?? 0} onPage={list.setPage} />
      {manage && (
        <>
          <SurfaceFormDialog
            open={formOpen}
            onOpenChange={setFormOpen}
            surface={editing}
            types={(data?.arr_type_surfaces ?? []).map((x) => x.name)}
            sizes={(data?.arr_size_surfaces ?? []).map((x) => x.name)}
            categories={categories.data ?? []}
          />
          <CloneSurfaceDialog surface={cloning} onClose={() => setCloning(null)} />
          <ConfirmDialog
            open={!!deleting}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={t('surfaces.delete_confirm')}
            description={deleting ? `${deleting.vendor_code} – ${deleting.name}` : undefined}
            onConfirm={() => deleting && remove.mutate(deleting)}
            busy={remove.isPending}
          />
        </>
      )}
      <ImageViewer src={viewer?.src ?? null} title={viewer?.title} onClose={() => setViewer(null)} />
    </section>
  );
}
