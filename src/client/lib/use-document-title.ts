import { useEffect } from 'react';
import { PRODUCT_NAME } from '@shared/domain/product';

/** Names the browser tab after the screen, so history entries and screen readers can tell pages apart. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
