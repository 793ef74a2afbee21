/** The API version every Sanity client of this project pins (site, Studio validators, scripts); SANITY_API_VERSION overrides the site's. */
export const SANITY_API_VERSION = '2025-02-19'
