import { VisualEditing } from '@sanity/visual-editing/remix'

/**
 * Click-to-edit and live updates in an editor's preview (ADR 037), loaded by
 * the root only then (React.lazy): no visitor's page carries it. In the
 * Studio's Presentation tool it outlines every string that came with an edit
 * link and every element with a `data-sanity` attribute; a click opens that
 * field. When the editor types, the Studio asks for a refresh and Remix
 * reloads the page's data (drafts, through the loaders), and when they move
 * in the frame or the Studio, the two follow each other.
 */
export default function PreviewVisualEditing() {
  return <VisualEditing zIndex={1000} />
}
