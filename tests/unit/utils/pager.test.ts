import { describe, expect, it } from 'vitest'
import { pageWindow } from '~/utils/pager'

describe('pageWindow', () => {
  it('gives the page asked for, its offset and how many pages there are', () => {
    expect(pageWindow(120, 1, 50)).toEqual({ page: 1, pages: 3, offset: 0 })
    expect(pageWindow(120, 3, 50)).toEqual({ page: 3, pages: 3, offset: 100 })
    expect(pageWindow(100, 2, 50)).toEqual({ page: 2, pages: 2, offset: 50 })
  })

  it('an empty list is one empty page', () => {
    expect(pageWindow(0, 1, 50)).toEqual({ page: 1, pages: 1, offset: 0 })
    expect(pageWindow(0, 7, 50)).toEqual({ page: 1, pages: 1, offset: 0 })
  })

  it('past the last page, the last; below the first or not a whole number, a page that exists', () => {
    expect(pageWindow(120, 99, 50)).toEqual({ page: 3, pages: 3, offset: 100 })
    for (const wrong of [0, -3, Number.NaN, Number.NEGATIVE_INFINITY]) expect(pageWindow(120, wrong, 50)).toEqual({ page: 1, pages: 3, offset: 0 })
    expect(pageWindow(120, 2.7, 50)).toEqual({ page: 2, pages: 3, offset: 50 })
    expect(pageWindow(120, Number.POSITIVE_INFINITY, 50)).toEqual({ page: 3, pages: 3, offset: 100 })
  })
})
