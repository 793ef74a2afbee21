import { LegalRoute, legalMeta } from '~/components/sections/legal-page'
import { loadLegalPage } from '~/content/legal-route.server'

export const loader = () => loadLegalPage('politica-privacidade')
export const meta = legalMeta
export default LegalRoute
