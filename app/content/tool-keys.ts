/**
 * The keys the tools' texts are filed under in the Studio: the calculator's
 * metrics and the presence test's categories. The content schemas check the
 * texts against them and the tools compute with them (app/tools/). Relative
 * imports only: the Studio imports this module too.
 */

export const METRIC_TYPES = ['cac', 'roi', 'cpc', 'cpa', 'conversion_rate', 'ltv'] as const
export type MetricType = (typeof METRIC_TYPES)[number]

export const CATEGORY_IDS = ['website_seo', 'social_media', 'online_reputation', 'branding', 'strategy'] as const
export type CategoryId = (typeof CATEGORY_IDS)[number]
