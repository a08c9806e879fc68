import { FileUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportKind } from '@promo/shared';
import { Button } from '@/components/ui/button';

/** The products' and surfaces' way to the catalogue import, with the kind chosen. */
export function ImportLink({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline">
      <Link to={`/catalogue-import?kind=${kind}`} data-testid="import-link">
        <FileUp /> {t('catalogue_import.import_button')}
      </Link>
    </Button>
  );
}
