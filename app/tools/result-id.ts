/** The ids the tools put in their result links (a lead's, a run's): a UUID, or nothing worth a database query. */
export const isResultId = (value: string | null | undefined): value is string =>
  Boolean(value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value))
