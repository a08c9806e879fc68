import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4">
      <h1 className="text-3xl font-semibold">{t('not_found.title')}</h1>
      <Link to="/" className="text-primary hover:underline">
        {t('not_found.home')}
      </Link>
    </div>
  );
}
