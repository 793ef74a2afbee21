import { useMemo } from 'react'
import { Studio } from 'sanity'
import { STUDIO_BASE_PATH } from '~/content/studio-path'
import { createStudioConfig } from '../../studio/config'

/**
 * The embedded Sanity Studio. Browser-only (`.client.tsx`: the server build
 * gets an empty module) and loaded with React.lazy by app/routes/studio.$.tsx
 * alone, so its chunk (about 1.7 MB gzip) never reaches a public page
 * (tests/e2e/studio-bundle.spec.ts proves it from the build).
 */
export default function EmbeddedStudio({ projectId, dataset }: { projectId: string; dataset: string }) {
  const config = useMemo(() => createStudioConfig({ projectId, dataset, basePath: STUDIO_BASE_PATH }), [projectId, dataset])
  return <Studio config={config} unstable_globalStyles />
}
