import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { BriefProduct } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { ImageViewer, Thumbnail } from '@/components/ui/image-viewer';
import { formatMoney } from '@/lib/format';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { addBriefProduct, deleteBriefProduct, designPageKeys } from '../api';
import { BriefSection } from './brief-section';
import { ProductPicker } from './product-picker';

/** The brief's products with their image, codes and price; a search picker adds more. */
export function BriefProducts({ psdId, products, editable }: { psdId: number; products: BriefProduct[]; editable: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const [image, setImage] = useState<{ src: string; title: string } | null>(null);

  const change = useMutation({
    mutationFn: ({ productId, add }: { productId: number; add: boolean }) =>
      add ? addBriefProduct(psdId, productId) : deleteBriefProduct(psdId, productId),
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: designPageKeys.all });
    },
    onError: (err) => feedback.failure(err),
  });

  return (
    <BriefSection title={t('design.products')} testId="brief-products">
      {editable && (
        <ProductPicker
          exclude={new Set(products.map((p) => p.product_id))}
          busy={change.isPending}
          onPick={(productId) => change.mutate({ productId, add: true })}
        />
      )}
      {products.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('design.brief_no_products')}</p>
      ) : (
        <ul className="divide-y divide-border text-sm">
          {products.map(({ product_id, product }) => (
            <li key={product_id} className="flex items-center gap-3 py-2" data-testid={`brief-product-${product_id}`}>
              <Thumbnail urls={product.url_images} alt={product.name} onOpen={(src) => setImage({ src, title: product.name })} />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="font-medium break-words">{product.name}</span>
                <span className="text-xs text-muted-foreground">
                  {t('design.ean')}: {product.ean} · {t('design.vendor_code')}: {product.vendor_code}
                </span>
                <span className="text-xs">
                  {t('design.price')}: {formatMoney(product.price_per_item)}
                </span>
              </div>
              {editable && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('design.remove_product', { name: product.name })}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ productId: product_id, add: false })}
                >
                  <Trash2 className="text-destructive" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ImageViewer src={image?.src ?? null} title={image?.title} onClose={() => setImage(null)} />
    </BriefSection>
  );
}
