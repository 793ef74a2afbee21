import { data } from '@remix-run/node'
import { cacheControl } from '~/utils/http.server'
import { getLegalPage } from './content.server'

/** The loader of a legal page (/politica-privacidade, /termos-uso). */
export async function loadLegalPage(slug: 'politica-privacidade' | 'termos-uso') {
  return data({ page: await getLegalPage(slug) }, { headers: { 'Cache-Control': cacheControl.cmsPage } })
}
