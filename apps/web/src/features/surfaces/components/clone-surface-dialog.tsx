import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MIN_NAME_LENGTH, type SurfaceRow } from '@promo/shared';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { DialogCancel, FormDialog } from '@/components/ui/discard-changes';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSaveFeedback } from '@/lib/use-save-feedback';
import { cloneSurface, surfaceKeys } from '../api';

/** Clone: a copy under a new name and the next vendor code, optionally with the image. */
export function CloneSurfaceDialog({ surface, onClose }: { surface: SurfaceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const feedback = useSaveFeedback();
  const [name, setName] = useState('');
  const [withImage, setWithImage] = useState(true);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (surface) {
      setName(t('surfaces.copy_of', { name: surface.name }));
      setWithImage(true);
      setTouched(false);
    }
  }, [surface, t]);
  const changed = !!surface && (name !== t('surfaces.copy_of', { name: surface.name }) || !withImage);
  const error = touched && name.trim().length < MIN_NAME_LENGTH ? 'name_min_2_chars' : undefined;
  const clone = useMutation({
    mutationFn: () => cloneSurface(surface!.id, name.trim(), withImage),
    onSuccess: (res) => {
      feedback.success(res);
      void queryClient.invalidateQueries({ queryKey: surfaceKeys.all });
      onClose();
    },
    onError: (err) => feedback.failure(err),
  });
  return (
    <FormDialog open={!!surface} onOpenChange={(open) => !open && onClose()} dirty={changed}>
      <DialogContent className="max-w-md">
        <DialogTitle>{t('surfaces.clone_title')}</DialogTitle>
        <DialogDescription>{surface?.name}</DialogDescription>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (name.trim().length >= MIN_NAME_LENGTH) clone.mutate();
          }}
        >
          <FormField id="clone-name" label={t('surfaces.fields.name')} error={error}>
            <Input id="clone-name" value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)} aria-invalid={!!error} />
          </FormField>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={withImage} onCheckedChange={(c) => setWithImage(c === true)} />
            {t('surfaces.clone_with_image')}
          </label>
          <DialogFooter>
            <DialogCancel />
            <Button type="submit" disabled={clone.isPending}>
              {t('surfaces.clone')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </FormDialog>
  );
}
