import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { can, DESIGN_SORT_FIELDS, type DesignRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { useCurrentUser } from '@/lib/session';
import { useLastGood } from '@/lib/use-last-good';
import type { ListUrlSpec } from '@/lib/list-url';
import { useListParams } from '@/lib/use-list-params';
import { designsListQuery } from '../api';
import { DeleteDesignDialog } from '../components/delete-design-dialog';
import { DesignFormDialog } from '../components/design-form-dialog';
import { DesignsTable, type DesignSortField } from '../components/designs-table';
import { DesignsToolbar } from '../components/designs-toolbar';

// Default sort: name descending (spec 001 §9); the search is by name only.
const LIST: ListUrlSpec<'name', DesignSortField, 'category'> = {
  sortFields: DESIGN_SORT_FIELDS,
  defaultSort: 'name',
  defaultField: 'name',
  filters: { category: 'id' },
  clearedFilters: ['category'],
};

export default function DesignsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const manage = can(me.role, 'catalog.manage');
  const list = useListParams(LIST);
  const category = list.filters.category;
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<DesignRow | null>(null);
  const [deleting, setDeleting] = useState<DesignRow | null>(null);

  const query = useQuery(
    designsListQuery({
      ...list.params,
      obj_search: { field: list.field, input_value: list.searchText, only_category: category },
    }),
  );
  const data = useLastGood(query.data);
  const categories = data?.arr_categories ?? [];
  const total = data?.total ?? 0;
  // After a delete empties the last page, show the page that is now the last one.
  useEffect(() => list.fitPage(query.isPlaceholderData ? undefined : query.data?.total));

  return (
    <section className="grid gap-4">
      <PageHeader title={t('designs.title')}>
        {manage && (
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <Plus /> {t('designs.create')}
          </Button>
        )}
      </PageHeader>
      <DesignsToolbar
        pageSize={list.pageSize}
        onPageSize={list.setPageSize}
        categories={categories}
        category={category}
        onCategory={(next) => list.setFilters({ category: next })}
        text={list.text}
        onText={list.setText}
        onClear={list.clearSearch}
      />
      <DesignsTable
        rows={data?.designs ?? []}
        loading={query.isPending}
        sort={list.sort}
        onSort={list.setSort}
        actions={
          manage
            ? {
                onEdit: (row) => {
                  setEditing(row);
                  setFormOpen(true);
                },
                onDelete: setDeleting,
              }
            : undefined
        }
      />
      <Pagination page={list.page} pageSize={list.pageSize} total={total} onPage={list.setPage} />
      {manage && (
        <>
          <DesignFormDialog open={formOpen} onOpenChange={setFormOpen} design={editing} categories={categories} />
          <DeleteDesignDialog design={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </section>
  );
}
