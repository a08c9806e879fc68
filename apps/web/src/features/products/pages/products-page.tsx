import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { can, PRODUCT_SEARCH_FIELDS, PRODUCT_SORT_FIELDS, type ProductRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ImageViewer } from '@/components/ui/image-viewer';
import { Pagination } from '@/components/ui/pagination';
import { formatCount } from '@/lib/format';
import { useCurrentUser } from '@/lib/session';
import { useLastGood } from '@/lib/use-last-good';
import type { ListUrlSpec } from '@/lib/list-url';
import { useListParams } from '@/lib/use-list-params';
import { ImportLink } from '@/features/catalogue-import/components/import-link';
import { productsListQuery } from '../api';
import { DeleteProductDialog } from '../components/delete-product-dialog';
import { ProductFormDialog } from '../components/product-form-dialog';
import { ProductsTable, type ProductSortField } from '../components/products-table';
import { ProductsToolbar, type ProductFilters, type ProductSearchField } from '../components/products-toolbar';

const LIST: ListUrlSpec<ProductSearchField, ProductSortField, 'category' | 'sub'> = {
  sortFields: PRODUCT_SORT_FIELDS,
  defaultSort: 'ean',
  fields: PRODUCT_SEARCH_FIELDS,
  defaultField: 'name',
  filters: { category: 'text', sub: 'text' },
  clearedFilters: ['category', 'sub'],
};

export default function ProductsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const mayManage = can(me?.role, 'catalog.manage');
  const list = useListParams(LIST);
  const filters: ProductFilters = { category: list.filters.category, subCategory: list.filters.sub };
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<ProductRow | null>(null);
  const [deleting, setDeleting] = useState<ProductRow | null>(null);
  const [viewing, setViewing] = useState<{ src: string; title: string } | null>(null);

  const query = useQuery(
    productsListQuery({
      ...list.params,
      obj_search: {
        field: list.field,
        input_value: list.searchText,
        only_category: filters.category,
        only_subcategory: filters.subCategory,
      },
    }),
  );
  // A list of the wrong shape (or a failed load) leaves the last good one on screen (spec 000 §7, §8).
  const shown = useLastGood(query.data);
  useEffect(() => list.fitPage(query.isPlaceholderData ? undefined : query.data?.total));

  const onFilters = (next: ProductFilters) => list.setFilters({ category: next.category, sub: next.subCategory });
  const onOpenImage = (src: string, title: string) => setViewing({ src, title });

  return (
    <section className="grid gap-4">
      <PageHeader title={t('products.title')}>
        {mayManage && (
          <div className="flex flex-wrap gap-2">
            <ImportLink kind="products" />
            <Button
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              <Plus /> {t('products.create')}
            </Button>
          </div>
        )}
      </PageHeader>
      <ProductsToolbar
        pageSize={list.pageSize}
        onPageSize={list.setPageSize}
        filters={filters}
        onFilters={onFilters}
        categories={shown?.categories ?? []}
        subCategories={shown?.sub_categories ?? []}
        field={list.field}
        onField={list.setField}
        text={list.text}
        onText={list.setText}
        onClear={list.clearSearch}
        showClear={!!list.text || list.field !== 'name' || !!filters.category || !!filters.subCategory}
      />
      <ProductsTable
        rows={shown?.products ?? []}
        loading={query.isPending}
        sort={list.sort}
        onSort={list.setSort}
        onOpenImage={onOpenImage}
        actions={
          mayManage
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
      {shown?.total_estimated && (
        <p className="text-sm text-muted-foreground" data-testid="products-about-total">
          {t('products.about_total', { count: shown.total, total: formatCount(shown.total) })}
        </p>
      )}
      <Pagination page={list.page} pageSize={list.pageSize} total={shown?.total ?? 0} onPage={list.setPage} />
      {mayManage && (
        <>
          <ProductFormDialog
            open={formOpen}
            onOpenChange={setFormOpen}
            product={editing}
            categories={shown?.categories ?? []}
          />
          <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
      <ImageViewer src={viewing?.src ?? null} title={viewing?.title} onClose={() => setViewing(null)} />
    </section>
  );
}
