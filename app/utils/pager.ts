/**
 * The one pager: which page of `total` rows to show, `perPage` a page. The page asked for (a whole number,
 * at least 1), or the last there is; `pages` is at least 1 (an empty list is one empty page); `offset` is
 * the first row of the page. A caller that must answer 404 past the end compares `page` with what it asked.
 */
export function pageWindow(total: number, requested: number, perPage: number): { page: number; pages: number; offset: number } {
  const pages = Math.max(1, Math.ceil(total / perPage))
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pages)
  return { page, pages, offset: (page - 1) * perPage }
}
