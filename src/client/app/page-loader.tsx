import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAVIGATION_LOADER_DELAY_MS } from '@shared/constants';

/** Shown while a page's code loads, only when that takes longer than 300 ms (docs/product.md §9), so fast loads do not flicker. */
export function PageLoader() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), NAVIGATION_LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <span className="sr-only">{t('common.loading')}</span>
    </div>
  );
}
