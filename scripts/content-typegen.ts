import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { generateContentTypes, GENERATED_TYPES_FILE } from './lib/content-typegen'

/** `npm run content:typegen`: writes app/content/sanity.types.ts from the Studio schema and the queries (see ./lib/content-typegen.ts). */
writeFileSync(GENERATED_TYPES_FILE, await generateContentTypes())
console.log(`Tipos do conteúdo gerados em ${path.relative(process.cwd(), GENERATED_TYPES_FILE)}`)
