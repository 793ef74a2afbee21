import { describe, expect, it } from 'vitest'
import { isUuid } from '~/utils/uuid'

describe('isUuid', () => {
  it('takes a UUID in either case', () => {
    expect(isUuid('00000000-0000-4000-8000-000000000000')).toBe(true)
    expect(isUuid('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe(true)
  })

  it('refuses anything else before it reaches a query', () => {
    for (const value of [
      null,
      undefined,
      42,
      '',
      '3f2504e0-4f89-41d3-9a0c-0305e82c330',
      '3f2504e04f8941d39a0c0305e82c3301',
      ' 3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301\n',
      'g0000000-0000-4000-8000-000000000000',
      "' or 1=1 --",
    ]) {
      expect(isUuid(value)).toBe(false)
    }
  })
})
