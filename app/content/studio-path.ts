/** Where the embedded Studio lives: its route, its `basePath`, and the address edit links open. */
export const STUDIO_BASE_PATH = '/studio'
