import { createStudioConfig } from './config'

/**
 * The Studio run alone (`npx sanity dev` / `sanity build` in studio/). The
 * site embeds the same configuration at /studio (app/routes/studio.$.tsx).
 * The Sanity CLI exposes SANITY_STUDIO_* variables to this file.
 */
export default createStudioConfig({
  projectId: process.env.SANITY_STUDIO_PROJECT_ID ?? 'defina-sanity-studio-project-id',
  dataset: process.env.SANITY_STUDIO_DATASET ?? 'production',
  basePath: '/',
})
