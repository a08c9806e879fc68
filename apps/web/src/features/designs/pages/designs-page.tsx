import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { can, pageCount, type DesignRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { useCurrentUser } from '@/lib/session';
import { useLastGood } from '@/lib/use-last-good';
import { useListParams } from '@/lib/use-list-params';
import { designsListQuery } from '../api';
import { DeleteDesignDialog } from '../components/delete-design-dialog';
import { DesignFormDialog } from '../components/design-form-dialog';
import { DesignsTable, type DesignSortField } from '../components/designs-table';
import { DesignsToolbar } from '../components/designs-toolbar';

export default function DesignsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const manage = can(me.role, 'catalog.manage');
  // Default sort: name descending (spec 001 §9); the search is by name only.
  const list = useListParams<'name', DesignSortField>({ defaultSort: 'name', defaultField: 'name' });
  const [category, setCategory] = useState('');
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
  if (query.data && !query.isPlaceholderData && list.page > pageCount(total, list.pageSize)) {
    list.setPage(pageCount(total, list.pageSize));
  }

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
        onCategory={(next) => {
          setCategory(next);
          list.setPage(1);
        }}
        text={list.text}
        onText={list.setText}
        onClear={() => {
          setCategory('');
          list.clearSearch();
        }}
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
