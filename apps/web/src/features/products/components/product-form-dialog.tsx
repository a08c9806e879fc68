import { useEffect, useState, type ChangeEvent } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAxiosError } from 'axios';
import { ImagePlus } from 'lucide-react';
import {
  digitsOnly,
  files,
  fillPath,
  IMAGE_EXTENSIONS,
  NET_UNITS,
  netQuantityErrors,
  priceInput,
  PRODUCT_COUNT_FIELDS,
  PRODUCT_PRICE_FIELDS,
  PRODUCT_REQUIRED_TEXT,
  productBody,
  type ProductBody,
  type ProductRow,
  type UrlImages,
} from '@promo/shared';
import { Button, buttonVariants } from '@/components/ui/button';
import { DialogContent, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { DialogCancel, FormDialog } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { errorLines, type ApiErrorBody } from '@/lib/error-catalogue';
import { useFormChanged } from '@/lib/use-form-changed';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { productKeys, updateProduct, createProduct, uploadProductImage } from '../api';

type TextField = (typeof PRODUCT_REQUIRED_TEXT)[number];
type PriceField = (typeof PRODUCT_PRICE_FIELDS)[number];
type CountField = (typeof PRODUCT_COUNT_FIELDS)[number];
type CodeField = 'ean' | 'vendor_code';
type InputField = TextField | PriceField | CountField | CodeField;

/** What the inputs hold: text as typed; the schema turns it into the body. */
type FormValues = Record<InputField, string> & { status: boolean; net_quantity: string; net_unit: string };

const CODE_FIELDS: readonly CodeField[] = ['ean', 'vendor_code'];
const DIGIT_FIELDS: readonly InputField[] = [...CODE_FIELDS, ...PRODUCT_COUNT_FIELDS];
const PRICE_FIELDS: readonly InputField[] = PRODUCT_PRICE_FIELDS;

/** The order of the modal: the product, its prices, then the provider's item. */
const LAYOUT: readonly InputField[] = [
  'name',
  'ean',
  'vendor_code',
  'category',
  'sub_category',
  'manufacturer',
  'provider_name',
  'price_per_item',
  'main_last_price',
  'latest_price',
  'tax',
  'container_deposit',
  'item_plan_bu_grp',
  'locally_owned',
  'selling_type',
  'provider_item_name',
  'provider_item_ean',
  'provider_item_vendor_code',
  'provider_item_pack_qty',
];

const IMAGE_ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

function initialValues(product: ProductRow | null): FormValues {
  const values = { status: product?.status ?? true } as FormValues;
  for (const f of PRODUCT_REQUIRED_TEXT) values[f] = product?.[f] ?? '';
  for (const f of CODE_FIELDS) values[f] = product ? String(product[f]) : '';
  for (const f of PRODUCT_PRICE_FIELDS) values[f] = product?.[f] ?? '';
  for (const f of PRODUCT_COUNT_FIELDS) values[f] = String(product?.[f] ?? 0);
  // What one item holds, for the unit price on price signs (issue 34): '500' and 'g', or both empty.
  values.net_quantity = product?.net_quantity ?? '';
  values.net_unit = product?.net_unit ?? '';
  return values;
}

const resolver = zodResolver(productBody as never) as unknown as Resolver<FormValues, unknown, ProductBody>;

export function ProductFormDialog({
  open,
  onOpenChange,
  product,
  categories,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row to edit; absent to create. */
  product: ProductRow | null;
  /** The category names to choose from. */
  categories: string[];
}) {
  const { t } = useTranslation();
  const [changed, setChanged] = useState(false);
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} dirty={changed}>
      <DialogContent className="max-w-4xl">
        <DialogTitle>{product ? t('products.edit_title') : t('products.create_title')}</DialogTitle>
        {/* Mounted with each opening, so it starts from the row (or empty) every time. */}
        <ProductForm product={product} categories={categories} onClose={() => onOpenChange(false)} onChanged={setChanged} />
      </DialogContent>
    </FormDialog>
  );
}

function ProductForm({
  product,
  categories,
  onClose,
  onChanged,
}: {
  product: ProductRow | null;
  categories: string[];
  onClose: () => void;
  /** Whether the fields differ from where they started (closing then asks first). */
  onChanged: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  // Errors appear on blur and on save; editing a field takes its error away until the next blur.
  const form = useForm<FormValues, unknown, ProductBody>({
    resolver,
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: initialValues(product),
  });
  const { errors } = form.formState;
  const changed = useFormChanged(form.control, form.formState.defaultValues);
  useEffect(() => {
    onChanged(changed);
    return () => onChanged(false);
  }, [changed, onChanged]);

  const save = useMutation({
    mutationFn: (body: ProductBody) => (product ? updateProduct(product.id, body) : createProduct(body)),
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      onClose();
    },
    onError: (err) => feedback.failure(err, form.setError),
  });

  const field = (name: InputField) => {
    const id = `product-${name}`;
    const error = errors[name]?.message;
    const reg = form.register(name);
    const filter = DIGIT_FIELDS.includes(name) ? digitsOnly : PRICE_FIELDS.includes(name) ? priceInput : undefined;
    const onChange = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      if (filter) e.target.value = filter(e.target.value);
      form.clearErrors(name);
      return reg.onChange(e);
    };
    const common = {
      id,
      'aria-invalid': !!error,
      'aria-describedby': error ? `${id}-error` : undefined,
      ...reg,
      onChange,
    };
    return (
      <FormField key={name} id={id} label={t(`products.fields.${name}`)} error={error}>
        {name === 'category' ? (
          <NativeSelect {...common} className={cn('w-full', error && 'border-destructive')}>
            <option value="">{t('products.choose_category')}</option>
            {(product && !categories.includes(product.category) ? [product.category, ...categories] : categories).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input
            {...common}
            type="text"
            autoComplete="off"
            inputMode={DIGIT_FIELDS.includes(name) ? 'numeric' : PRICE_FIELDS.includes(name) ? 'decimal' : undefined}
            placeholder={PRICE_FIELDS.includes(name) ? '0.00' : undefined}
          />
        )}
      </FormField>
    );
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => {
        // A quantity needs its unit and a unit its quantity (the server says the same).
        const missing = Object.entries(netQuantityErrors(body));
        for (const [name, [code]] of missing) form.setError(name as 'net_quantity' | 'net_unit', { type: 'pair', message: code });
        if (!missing.length) save.mutate(body);
      })}
      className="grid gap-4"
      data-testid="product-form"
    >
      {product ? (
        <ProductImage product={product} />
      ) : (
        <p className="text-sm text-muted-foreground">{t('products.image_after_save')}</p>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {LAYOUT.map(field)}
        <FormField id="product-net_quantity" label={t('products.fields.net_quantity')} error={errors.net_quantity?.message}>
          <Input
            id="product-net_quantity"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="500"
            aria-invalid={!!errors.net_quantity}
            aria-describedby={errors.net_quantity ? 'product-net_quantity-error' : undefined}
            {...form.register('net_quantity', { onChange: () => form.clearErrors('net_quantity') })}
          />
        </FormField>
        <FormField id="product-net_unit" label={t('products.fields.net_unit')} error={errors.net_unit?.message}>
          <NativeSelect
            id="product-net_unit"
            className={cn('w-full', errors.net_unit && 'border-destructive')}
            aria-invalid={!!errors.net_unit}
            aria-describedby={errors.net_unit ? 'product-net_unit-error' : undefined}
            {...form.register('net_unit', { onChange: () => form.clearErrors('net_unit') })}
          >
            <option value="">{t('products.no_net_unit')}</option>
            {NET_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <div className="flex items-center gap-2 pt-6">
          <Controller
            control={form.control}
            name="status"
            render={({ field: f }) => <Switch id="product-status" checked={f.value} onCheckedChange={f.onChange} />}
          />
          <Label htmlFor="product-status">{t('products.fields.status')}</Label>
        </div>
      </div>
      {/* Kept in view while the fields scroll. A press does not take the focus, so the blur check of
          the field being left cannot move the buttons away from under the pointer before the click. */}
      <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t border-border bg-background px-6 py-4">
        <DialogCancel onMouseDown={(e) => e.preventDefault()} />
        {/* The resolver blocks the save while any field is invalid. */}
        <Button type="submit" disabled={save.isPending} onMouseDown={(e) => e.preventDefault()}>
          {t('common.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The product's image and its upload (edit mode only): the shared upload step, then set-image.
 * The image shows as its 200 px rendition here; the table's thumbnail opens the big viewer. (A
 * viewer opened on top of this modal would close both: see the report on use-close-on-back.)
 */
function ProductImage({ product }: { product: ProductRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [image, setImage] = useState<UrlImages | null>(product.url_images);
  const upload = useMutation({
    mutationFn: (file: File) => uploadProductImage(product.id, file),
    onSuccess: (res) => {
      setImage(res.data.url_images);
      toast({ title: serverMessage(res) });
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
    onError: (err) => {
      const body = isAxiosError<ApiErrorBody>(err) ? err.response?.data : undefined;
      const description =
        errorLines(body, t) || (isAxiosError(err) && !err.response ? t('errors.network') : t('errors.unknown'));
      // The upload step failing is 'File failed'; a failed set-image shows its error as a system message.
      const uploadStep = !isAxiosError(err) || err.config?.url === fillPath(files.upload.path);
      toast({ variant: 'destructive', title: uploadStep ? t('errors.file_failed') : t('toast.system_message'), description });
    },
  });

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file may be chosen again after a failure.
    e.target.value = '';
    if (file) upload.mutate(file);
  };

  return (
    <div className="flex flex-wrap items-center gap-4 rounded-md border border-border p-3" data-testid="product-image">
      <span className="text-sm font-medium">{t('common.image')}</span>
      {image ? (
        <img src={image.w_200} alt={product.name} className="h-24 w-auto max-w-[200px] rounded border border-border object-contain" />
      ) : (
        <span className="text-xs text-muted-foreground">{t('common.no_image')}</span>
      )}
      <label
        className={cn(
          buttonVariants({ variant: 'outline', size: 'sm' }),
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
          upload.isPending && 'pointer-events-none opacity-50',
        )}
      >
        <ImagePlus /> {t('common.upload_image')}
        <input type="file" className="sr-only" accept={IMAGE_ACCEPT} disabled={upload.isPending} onChange={onFile} />
      </label>
      {upload.isPending && (
        <span role="status" className="text-sm text-muted-foreground">
          {t('products.uploading')}
        </span>
      )}
    </div>
  );
}
