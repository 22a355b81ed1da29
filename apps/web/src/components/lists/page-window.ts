/** SPEC section 9: a list shows one button per page; past this many pages that row would outgrow the screen. */
export const MAX_PAGES_SHOWN_IN_FULL = 10;

type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; after: number };

/**
 * The buttons of a list's page row. Up to MAX_PAGES_SHOWN_IN_FULL pages, every page; beyond, the first and
 * last pages, the current one and its neighbours, with a gap where pages are left out. A gap would hide a
 * single page, so that page is shown instead.
 */
export const pageWindow = (count: number, current: number): PageItem[] => {
  if (count <= MAX_PAGES_SHOWN_IN_FULL) {
    return Array.from({ length: count }, (_, index) => ({ kind: 'page', page: index + 1 }));
  }
  const shown = [...new Set([1, current - 1, current, current + 1, count])]
    .filter((page) => page >= 1 && page <= count)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of shown) {
    if (page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (page - previous > 2) items.push({ kind: 'gap', after: previous });
    items.push({ kind: 'page', page });
    previous = page;
  }
  return items;
};
