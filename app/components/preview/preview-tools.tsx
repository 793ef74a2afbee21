import { VisualEditing } from '@sanity/visual-editing/remix'
import { PreviewBar } from './preview-bar'
import { useInStudio } from './use-in-studio'

/**
 * Everything an editor's preview adds to a page (ADR 037), in one chunk the
 * root loads (React.lazy) only for a page in preview: no visitor's page
 * carries or fetches it.
 *
 * - Outside the Studio: the bar saying the page shows drafts, with the way out.
 * - In the Studio's Presentation tool: Sanity's visual editing. It outlines
 *   every string that came with an edit link and every element with a
 *   `data-sanity` attribute; a click opens that field. When the editor types,
 *   the Studio asks for a refresh and Remix reloads the page's data (drafts,
 *   through the loaders); when they move in the frame or the Studio, the two
 *   follow each other.
 */
export default function PreviewTools() {
  return useInStudio() ? <VisualEditing zIndex={1000} /> : <PreviewBar />
}
