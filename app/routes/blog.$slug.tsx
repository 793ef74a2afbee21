import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { articleHead } from '~/blog/article-head.server'
import { articleForView, loadArticle } from '~/blog/blog.server'
import { ArticleView } from '~/components/blog/article-view'
import { withBodyHtml } from '~/components/content/rich-text-html.server'
import { Breadcrumbs } from '~/components/ui/breadcrumbs'
import { loadSiteSettings } from '~/content/content.server'
import { routeMeta } from '~/content/seo'
import { getEnv } from '~/utils/env.server'
import { cmsData } from '~/utils/http.server'

export async function loader({ params, context }: LoaderFunctionArgs) {
  const siteUrl = getEnv().SITE_URL
  const [article, settings] = await Promise.all([loadArticle(params.slug ?? '', siteUrl, context.preview), loadSiteSettings(context.preview)])
  return cmsData({ article: withBodyHtml(articleForView(article)), head: articleHead(article, { siteUrl, settings }) })
}

// The head is built by the loader (app/blog/article-head.server.ts).
export const meta: MetaFunction<typeof loader> = (args) => args.data?.head ?? routeMeta(args, {})

/** /blog/:slug: one article, or its 'em desenvolvimento' notice; an unknown slug is a 404. */
export default function ArticleRoute() {
  const { article } = useLoaderData<typeof loader>()
  return (
    <>
      <Breadcrumbs trail={[{ label: article.blogTitle, href: '/blog' }, { label: article.title }]} />
      <ArticleView article={article} />
    </>
  )
}
