import { defineConfig } from 'sanity'
import { structureTool } from 'sanity/structure'
import { sitePresentationTool } from './presentation'
import { SINGLETON_TYPES, schemaTypes } from './schemaTypes'
import { structure } from './structure'

const singletons = new Set<string>(SINGLETON_TYPES)

export type StudioConfigOptions = { projectId: string; dataset: string; basePath?: string }

/**
 * The Studio's configuration, without reading the environment, so the
 * embedded Studio (app/components/studio.client.tsx, /studio) and `sanity dev`
 * (./sanity.config.ts) share it.
 */
export function createStudioConfig({ projectId, dataset, basePath = '/studio' }: StudioConfigOptions) {
  return defineConfig({
    name: 'default',
    title: 'Alavanca Digital',
    projectId,
    dataset,
    basePath,
    plugins: [structureTool({ structure, title: 'Conteúdo' }), sitePresentationTool()],
    schema: {
      types: schemaTypes,
      // Singletons are edited in place: never created from "new document", never duplicated or deleted.
      templates: (templates) => templates.filter(({ schemaType }) => !singletons.has(schemaType)),
    },
    document: {
      actions: (actions, { schemaType }) =>
        singletons.has(schemaType) ? actions.filter(({ action }) => action && ['publish', 'discardChanges', 'restore'].includes(action)) : actions,
      newDocumentOptions: (options, { creationContext }) =>
        creationContext.type === 'global' ? options.filter((option) => !singletons.has(option.templateId)) : options,
    },
  })
}
