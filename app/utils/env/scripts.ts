import { z } from 'zod'
import { optional, withDefault } from './fields'

/**
 * Variables the server never reads: the build's and the content commands'
 * (`npm run content:import` / `content:export` parse theirs with this). Listed
 * with the server's in the README's table (scripts/lib/env-docs.ts).
 */
export const scriptsEnvShape = {
  SANITY_WRITE_TOKEN: optional(z.string().trim(), {
    purpose: 'Used only by `npm run content:import` and `content:export` (an **Editor** token). Never give it to the server',
  }),
  REMIX_BUILD_DIR: withDefault(z.string().trim(), 'build', {
    purpose:
      "Folder `npm run build` writes (set it in the shell: the build does not read `.env`); run another folder's server with `node <folder>/server/server.js`",
  }),
} satisfies z.ZodRawShape
