import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, SIGN_LIMITS, type Role } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { templateCandidatesQuery, createTemplate, signKeys, surfaceSizesQuery } from '../api';
import { sizeInMm, starterLayout } from '../editor/starter-layout';

/**
 * Makes a catalogue design a template: the design (searched by name among those that are no
 * template yet, for every role that lays out templates) and the page size, picked from the
 * surfaces' sizes where the role may list the surfaces, or typed in mm.
 */
export function CreateTemplateDialog({ open, onOpenChange, role }: { open: boolean; onOpenChange: (open: boolean) => void; role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const browse = can(role, 'catalog.view');
  const [search, setSearch] = useState('');
  const [designId, setDesignId] = useState('');
  const [sizeText, setSizeText] = useState('');
  const [unit, setUnit] = useState<'cm' | 'mm'>('cm');
  const [width, setWidth] = useState('210');
  const [height, setHeight] = useState('297');
  const term = useDebouncedValue(search.trim(), 300);
  const designList = useQuery({ ...templateCandidatesQuery(term), enabled: open });
  const sizes = useQuery({ ...surfaceSizesQuery, enabled: open && browse });

  const pickSize = (text: string, u: 'cm' | 'mm') => {
    setSizeText(text);
    setUnit(u);
    const mm = sizeInMm(text, u);
    if (mm) {
      setWidth(String(mm.width_mm));
      setHeight(String(mm.height_mm));
    }
  };
  const w = Number(width.replace(',', '.'));
  const h = Number(height.replace(',', '.'));
  const sizeOk = [w, h].every((v) => Number.isFinite(v) && v > 0 && v <= SIGN_LIMITS.maxPageMm);
  const id = Number(designId);

  const create = useMutation({
    mutationFn: () => createTemplate(id, starterLayout(w, h)),
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: signKeys.templates });
      onOpenChange(false);
      void navigate(`/sign-templates/${id}`);
    },
    onError: (err) => feedback.failure(err),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{t('signs.create_title')}</DialogTitle>
        <DialogDescription>{t('signs.create_text')}</DialogDescription>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (id > 0 && sizeOk) create.mutate();
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor="template-design-search">{t('signs.search_designs')}</Label>
            <Input id="template-design-search" type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="template-design">{t('signs.design')}</Label>
            <NativeSelect id="template-design" value={designId} onChange={(e) => setDesignId(e.target.value)} required>
              <option value="">{designList.isPending ? t('common.load_data') : t('signs.choose_design')}</option>
              {(designList.data ?? []).map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name} ({d.category.name})
                </option>
              ))}
            </NativeSelect>
          </div>
          {browse && (sizes.data?.length ?? 0) > 0 && (
            <div className="grid grid-cols-[1fr_auto] gap-2">
              <div className="grid gap-1">
                <Label htmlFor="template-size">{t('signs.surface_size')}</Label>
                <NativeSelect id="template-size" value={sizeText} onChange={(e) => pickSize(e.target.value, unit)}>
                  <option value="">{t('signs.size_typed')}</option>
                  {sizes.data!.map((s) => (
                    <option key={s.id} value={s.name}>
                      {s.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1">
                <Label htmlFor="template-size-unit">{t('signs.size_unit')}</Label>
                <NativeSelect id="template-size-unit" value={unit} onChange={(e) => pickSize(sizeText, e.target.value as 'cm' | 'mm')}>
                  <option value="cm">cm</option>
                  <option value="mm">mm</option>
                </NativeSelect>
              </div>
            </div>
          )}
          <div className="grid grid-cols-2 gap-2">
            <div className="grid gap-1">
              <Label htmlFor="template-width">{t('signs.width_mm')}</Label>
              <Input id="template-width" inputMode="decimal" value={width} onChange={(e) => setWidth(e.target.value)} aria-invalid={!sizeOk} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="template-height">{t('signs.height_mm')}</Label>
              <Input id="template-height" inputMode="decimal" value={height} onChange={(e) => setHeight(e.target.value)} aria-invalid={!sizeOk} />
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!(id > 0) || !sizeOk || create.isPending}>
              {t('signs.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
