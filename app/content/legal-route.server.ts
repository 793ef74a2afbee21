import { cmsData } from '~/utils/http.server'
import { getLegalPage } from './content.server'
import type { Preview } from './preview.server'

/** The loader of a legal page (/politica-privacidade, /termos-uso). */
export async function loadLegalPage(slug: 'politica-privacidade' | 'termos-uso', preview: Preview | null) {
  return cmsData({ page: await getLegalPage(slug, preview) })
}
