import { defineConfig } from 'sanity'
import { structureTool } from 'sanity/structure'
import { SINGLETON_TYPES, schemaTypes } from './schemaTypes'
import { structure } from './structure'

const singletons = new Set<string>(SINGLETON_TYPES)

export type StudioConfigOptions = { projectId: string; dataset: string; basePath?: string }

/** The Studio. Embedded at /studio by the site (app/routes/studio.$.tsx) or run alone with `sanity dev`. */
export function createStudioConfig({ projectId, dataset, basePath = '/studio' }: StudioConfigOptions) {
  return defineConfig({
    name: 'default',
    title: 'Alavanca Digital',
    projectId,
    dataset,
    basePath,
    plugins: [structureTool({ structure })],
    schema: {
      types: schemaTypes,
      // Singletons are edited in place: never created from "new document", never duplicated or deleted.
      templates: (templates) => templates.filter(({ schemaType }) => !singletons.has(schemaType)),
    },
    document: {
      actions: (actions, { schemaType }) =>
        singletons.has(schemaType)
          ? actions.filter(({ action }) => action && ['publish', 'discardChanges', 'restore'].includes(action))
          : actions,
    },
  })
}

export default createStudioConfig({
  projectId: process.env.SANITY_STUDIO_PROJECT_ID ?? 'sem-projeto',
  dataset: process.env.SANITY_STUDIO_DATASET ?? 'production',
  basePath: '/',
})
