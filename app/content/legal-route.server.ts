import { getLegalPage } from './content.server'
import type { Preview } from './preview.server'
import { tableOfContents } from './rich-text'

/** A legal page (/politica-privacidade, /termos-uso) and its sections, for the table of contents. */
export async function loadLegalPage(slug: 'politica-privacidade' | 'termos-uso', preview: Preview | null) {
  const page = await getLegalPage(slug, preview)
  return { ...page, sections: tableOfContents(page.body) }
}
