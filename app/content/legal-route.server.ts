import { cmsData } from '~/utils/http.server'
import { getLegalPage } from './content.server'

/** The loader of a legal page (/politica-privacidade, /termos-uso). */
export async function loadLegalPage(slug: 'politica-privacidade' | 'termos-uso') {
  return cmsData({ page: await getLegalPage(slug) })
}
