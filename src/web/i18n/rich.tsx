import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react'
import { type MessageValues, t } from './i18n'

/**
 * A message with parts that are elements (a link inside a sentence): the English source marks them
 * `<0>…</0>`, `<1>…</1>`, and `parts[n]` is the element that wraps the text between its tags, so a
 * translation can move the link to where its language puts it.
 * tx('Read <0>how it works</0>.', [<Link to="/fair" />]).
 */
export function tx(source: string, parts: ReactElement[], values?: MessageValues): ReactNode {
  const text = t(source, values)
  const nodes: ReactNode[] = []
  const pattern = /<(\d+)>(.*?)<\/\1>|<(\d+)\/>/gs
  let last = 0
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(text.slice(last, match.index))
    const index = Number(match[1] ?? match[3])
    const part = parts[index]
    const key = `${index}-${match.index}`
    if (part)
      nodes.push(match[2] === undefined ? cloneElement(part, { key }) : cloneElement(part, { key }, match[2]))
    else nodes.push(match[2] ?? '')
    last = match.index + match[0].length
  }
  if (last < text.length) nodes.push(text.slice(last))
  return <Fragment>{nodes}</Fragment>
}
