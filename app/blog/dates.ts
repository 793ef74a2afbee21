import { formatCalendarDay } from '~/utils/dates'

/** An article's date (YYYY-MM-DD) as the blog shows it: '23 de out. de 2025'. */
export const formatArticleDate = (isoDate: string) => formatCalendarDay(isoDate, 'short')

type Dated = { publishDate: string; _id: string }

/** Articles by publish date, oldest or newest first, ties by id (the order the GROQ queries use: publishDate, then _id ascending). */
export const byPublishDate =
  (order: 'oldest' | 'newest') =>
  (a: Dated, b: Dated): number =>
    a.publishDate === b.publishDate ? a._id.localeCompare(b._id) : a.publishDate < b.publishDate === (order === 'oldest') ? -1 : 1
