import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { articleMeta } from '~/blog/article-meta'
import { loadArticle } from '~/blog/blog.server'
import { ArticleView } from '~/components/blog/article-view'
import { withBodyHtml } from '~/components/content/rich-text-html.server'
import { Breadcrumbs } from '~/components/ui/breadcrumbs'
import { getEnv } from '~/utils/env.server'
import { cmsData } from '~/utils/http.server'

export async function loader({ params, context }: LoaderFunctionArgs) {
  return cmsData({ article: withBodyHtml(await loadArticle(params.slug ?? '', getEnv().SITE_URL, context.preview)) })
}

export const meta: MetaFunction<typeof loader> = (args) => articleMeta(args)

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
