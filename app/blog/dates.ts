/** A content date (YYYY-MM-DD) in pt-BR short form: '23 de out. de 2025'. Read as a calendar day, never shifted by time zones. */
const shortDate = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

export function formatArticleDate(isoDate: string): string {
  return shortDate.format(new Date(`${isoDate}T00:00:00Z`))
}
