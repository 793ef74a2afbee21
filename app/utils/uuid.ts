const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Whether a value read from a URL or a form is a UUID (the ids of leads, deliveries, spam rows, tool runs), in
 * either case: anything else names no row, so it is refused before a database query (PostgreSQL would answer
 * a malformed `uuid` with an error).
 */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value)
