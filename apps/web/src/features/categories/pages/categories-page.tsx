import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { can, type CategoryRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentUser } from '@/lib/session';
import { categoriesListQuery } from '../api';
import { CategoriesTable } from '../components/categories-table';
import { CategoryFormDialog } from '../components/category-form-dialog';
import { DeleteCategoryDialog } from '../components/delete-category-dialog';

export default function CategoriesPage() {
  const { t } = useTranslation();
  const me = useCurrentUser()!;
  const manage = can(me.role, 'catalog.manage');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<CategoryRow | null>(null);
  const [deleting, setDeleting] = useState<CategoryRow | null>(null);
  const list = useQuery(categoriesListQuery);

  return (
    <section className="grid gap-4">
      <PageHeader title={t('categories.title')}>
        {manage && (
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <Plus /> {t('categories.create')}
          </Button>
        )}
      </PageHeader>
      <CategoriesTable
        rows={list.data ?? []}
        loading={list.isPending}
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
      {manage && (
        <>
          <CategoryFormDialog open={formOpen} onOpenChange={setFormOpen} category={editing} />
          <DeleteCategoryDialog category={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </section>
  );
}
