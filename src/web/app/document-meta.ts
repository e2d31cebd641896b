import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { PRODUCT_TITLE } from '#web/lib/product.ts';

// The admin area answers at both /admin and /admin-allowed (platform §2, §4 "Admin route naming").
export function isAdminPath(pathname: string): boolean {
  return /^\/admin(-allowed)?(\/|$)/.test(pathname);
}

export function isBusinessAppPath(pathname: string): boolean {
  return /^\/app(\/|$)/.test(pathname);
}

export type DocumentMeta = { title: string; isNoIndex: boolean };

/** platform §2 "Page titles": business app and admin have their own titles and are kept out of search. */
export function documentMetaFor(pathname: string): DocumentMeta {
  if (isBusinessAppPath(pathname)) return { title: 'Business Dashboard', isNoIndex: true };
  if (isAdminPath(pathname)) return { title: 'Admin Dashboard', isNoIndex: true };
  return { title: PRODUCT_TITLE, isNoIndex: false };
}

const ROBOTS_SELECTOR = 'meta[name="robots"]';

/** Keeps <title> and the robots meta tag in step with the route; both live outside React's tree. */
export function useDocumentMeta(): void {
  const { pathname } = useLocation();
  const { title, isNoIndex } = documentMetaFor(pathname);

  useLayoutEffect(() => {
    document.title = title;
    const existing = document.head.querySelector(ROBOTS_SELECTOR);
    if (!isNoIndex) {
      existing?.remove();
      return;
    }
    const robots = existing ?? document.head.appendChild(document.createElement('meta'));
    robots.setAttribute('name', 'robots');
    robots.setAttribute('content', 'noindex, nofollow');
  }, [title, isNoIndex]);
}
