/** A content date (YYYY-MM-DD) in pt-BR short form: '23 de out. de 2025'. Read as a calendar day, never shifted by time zones. */
const shortDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

export function formatArticleDate(isoDate: string): string {
  return shortDate.format(new Date(`${isoDate}T00:00:00Z`))
}

type Dated = { publishDate: string; _id: string }

/** Articles by publish date, oldest or newest first, ties by id (the order the GROQ queries use: publishDate, then _id ascending). */
export const byPublishDate =
  (order: 'oldest' | 'newest') =>
  (a: Dated, b: Dated): number =>
    a.publishDate === b.publishDate ? a._id.localeCompare(b._id) : a.publishDate < b.publishDate === (order === 'oldest') ? -1 : 1
