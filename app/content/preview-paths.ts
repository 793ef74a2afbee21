/** The preview's addresses (content/preview.server.ts, ADR 037): the Presentation tool opens the first, the bar's exit form posts to the second. */
export const PREVIEW_ENABLE_PATH = '/api/preview-mode/enable'
export const PREVIEW_EXIT_PATH = '/api/preview-mode/disable'
