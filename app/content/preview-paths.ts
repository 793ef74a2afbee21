/** The preview's addresses (content/preview.server.ts, ADR 037): the page's exit form posts to the last one. */
export const PREVIEW_ENABLE_PATH = '/api/preview-mode/enable'
export const PREVIEW_SEED_PATH = '/api/preview-mode/seed'
export const PREVIEW_EXIT_PATH = '/api/preview-mode/disable'
