import { cleanData } from './clean'

/**
 * The tag manager's data layer. Every page defines
 * `window.dataLayer` in its head, with Consent Mode's defaults (root.tsx,
 * `dataLayerBootstrap`); Google Tag Manager, when configured and consented
 * to, reads it. Each event is cleaned (clean.ts) on its way in.
 */

export const DATA_LAYER_MISSING = 'Google Tag Manager dataLayer not found'

export type DataLayerEvent = { event: string } & Record<string, unknown>

type DataLayerWindow = Window & { dataLayer?: unknown[] }

/** Pushes a cleaned event; without a data layer, warns and sends nothing. */
export function pushToDataLayer(event: DataLayerEvent): boolean {
  if (typeof window === 'undefined') return false
  const { dataLayer } = window as DataLayerWindow
  if (!Array.isArray(dataLayer)) {
    console.warn(DATA_LAYER_MISSING)
    return false
  }
  dataLayer.push(cleanData(event))
  return true
}
